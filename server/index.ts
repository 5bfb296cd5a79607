/**
 * The all-in-one server (`npm start`): the web app, the API and the job runners in one process
 * (server/boot.ts; `pagecast serve` and `pagecast worker` split them). Exits 0 once stopped by
 * SIGTERM/SIGINT, 1 when it cannot start.
 */
import { runProcess } from './boot.ts';
import { ConfigError } from './errors.ts';

runProcess('all').then(
  () => process.exit(0),
  (err) => {
    if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
    else process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'failed to start', error: String(err?.stack ?? err) })}\n`);
    process.exit(1);
  },
);
