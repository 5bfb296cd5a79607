/**
 * `pagecast serve` and `pagecast worker`: the server split in two roles that scale apart on one
 * PostgreSQL. Both read the server's settings and boot through server/boot.ts, as `npm start` does.
 */
import { parseArgs } from 'node:util';
import type { ProcessRole } from '../../boot.ts';
import { UsageError, type CliCommand } from '../command.ts';

function roleCommand(name: string, role: ProcessRole, summary: string): CliCommand {
  return {
    name,
    usage: `pagecast ${name}`,
    summary,
    async run(args) {
      try {
        parseArgs({ args, options: {}, allowPositionals: false, strict: true });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const { runProcess } = await import('../../boot.ts');
      await runProcess(role);
      return 0;
    },
  };
}

export const serveCommand = roleCommand('serve', 'web', 'serve the web app and the API only; jobs are left to workers');
export const workerCommand = roleCommand(
  'worker',
  'worker',
  'run conversion jobs only (health on WORKER_HEALTH_PORT when set); stops cleanly on SIGTERM',
);
