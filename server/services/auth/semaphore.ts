/**
 * A counting semaphore with a bounded queue. Password hashing takes 19 MiB and tens of
 * milliseconds of a core each time: without a bound, a burst of logins would fill memory and the
 * thread pool and starve every other request. A task waiting for a slot holds no such memory, so the
 * queue may be long: a burst waits its turn, and only past the queue's end is a client told to retry.
 */
import { AppError } from '../../errors.ts';

export class SemaphoreFullError extends Error {
  override readonly name = 'SemaphoreFullError';
}

export interface Semaphore {
  /** Runs `task` when a slot is free; throws SemaphoreFullError when the queue is already full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly slots: number;
  readonly active: number;
  readonly waiting: number;
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * Runs `task` through the semaphore; when its queue is full, throws RATE_LIMITED (429) with a
 * Retry-After of about the time the queue ahead needs (`taskMs` per task), never a server error.
 */
export async function runOrBusy<T>(semaphore: Semaphore, task: () => Promise<T>, taskMs: number): Promise<T> {
  try {
    return await semaphore.run(task);
  } catch (err) {
    if (!(err instanceof SemaphoreFullError)) throw err;
    const queueSeconds = Math.ceil((semaphore.waiting * taskMs) / semaphore.slots / 1000);
    throw new AppError('RATE_LIMITED', {
      message: BUSY_MESSAGE,
      headers: { 'Retry-After': String(Math.max(1, queueSeconds)) },
      cause: err,
    });
  }
}

export function createSemaphore(slots: number, maxWaiting: number): Semaphore {
  let active = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };

  return {
    async run(task) {
      if (active >= slots) {
        if (queue.length >= maxWaiting) throw new SemaphoreFullError('too many tasks waiting');
        // The slot is handed over by release(): `active` stays the same.
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    slots,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
