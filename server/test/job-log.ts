/** A logger that keeps what the job runner says, so a test waits on a job's run being over, not on time. */
import { createLogger } from '../lib/logger.ts';

export function jobLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', {}, (line) => void lines.push(JSON.parse(line) as Record<string, unknown>));
  /** The podcast's job has ended its run (done or cancelled): nothing of it writes any more. */
  const runEnded = (podcastId: string) => lines.some((l) => l.podcastId === podcastId && (l.msg === 'job cancelled' || l.msg === 'job done'));
  return { logger, runEnded };
}
