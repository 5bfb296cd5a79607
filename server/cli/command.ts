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

import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad arguments: the CLI prints the message and the command's usage, and exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A command's arguments: its options, and exactly one source (a web address or an HTML file) as the
 * positional argument. Anything else is a UsageError.
 */
export function parseSourceArgs<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [source, ...extra] = parsed.positionals;
  if (!source) throw new UsageError('Give a web address or an HTML file');
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  return { source, values: parsed.values };
}
