/**
 * The `pagecast` command line (bin/pagecast.mjs runs it, compiled or through tsx). Dispatches to one module per
 * command; bad arguments print the usage and exit with 2, failures print their readable message and
 * exit with 1.
 */
import { ConfigError, isAppError } from '../errors.ts';
import { UsageError, type CliCommand, type CliOutput } from './command.ts';
import { extractCommand } from './commands/extract.ts';
import { convertCommand } from './commands/convert.ts';
import { serveCommand, workerCommand } from './commands/serve.ts';
import { speechTextCommand } from './commands/speech-text.ts';
import { voicesCommand } from './commands/voices.ts';

const COMMANDS: readonly CliCommand[] = [extractCommand, convertCommand, speechTextCommand, voicesCommand, serveCommand, workerCommand];

/** The width help text keeps to, as a terminal's. */
const COLUMNS = 80;

/** `text` in lines of at most COLUMNS, broken between words (a usage's between its [options]), each after `indent`. */
export function wrap(text: string, indent: string, first = indent, parts = text.split(' ')): string {
  const lines: string[] = [];
  let line = first;
  for (const word of parts) {
    const next = line.trim() ? `${line} ${word}` : `${line}${word}`;
    if (next.length > COLUMNS && line.trim()) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = next;
  }
  lines.push(line);
  return lines.join('\n');
}

export function usage(commands: readonly CliCommand[] = COMMANDS): string {
  return [
    'Usage:',
    ...commands.flatMap((c) => [wrapUsage(c.usage, '      ', '  '), wrap(c.summary, '    ')]),
    '',
    'Settings come from the environment, as for the server (see docs/operations.md).',
    '',
  ].join('\n');
}

/** One command's help: its usage and what it does. */
function commandHelp(command: CliCommand): string {
  return `${wrapUsage(command.usage, '       ', 'Usage:')}\n${wrap(command.summary, '  ')}\n`;
}

/** A usage line wrapped between its arguments, never inside an [option]. */
const wrapUsage = (text: string, indent: string, first: string) => wrap(text, indent, first, text.split(/ (?=\[|-o )/));

const processOutput: CliOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Runs `pagecast <argv…>` and resolves to the exit code. */
export async function main(argv: string[], output: CliOutput = processOutput): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? output.out : output.err)(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    output.err(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    output.out(commandHelp(command));
    return 0;
  }
  try {
    return await command.run(args, output);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${error.message}\n\n${commandHelp(command)}`);
      return 2;
    }
    if (isAppError(error) || error instanceof ConfigError) {
      output.err(`${error.message}\n`);
      return 1;
    }
    output.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
