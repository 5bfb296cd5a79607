/**
 * What every `pagecast` command is: a name, its usage line, and a run function that gets the
 * arguments after the command name and an output to write to. Adding a command is one module in
 * commands/ and one line in main.ts's list.
 */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

export interface CliCommand {
  name: string;
  /** `pagecast <name> …` as the usage text shows it. */
  usage: string;
  summary: string;
  /** Resolves to the exit code; throws UsageError for bad arguments, anything else for failures. */
  run(args: string[], output: CliOutput): Promise<number>;
}

/** Bad arguments: the CLI prints the message and the command's usage, and exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
