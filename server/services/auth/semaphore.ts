/**
 * A counting semaphore with a bounded queue. Password hashing takes 19 MiB and tens of
 * milliseconds of a core each time: without a bound, a burst of logins would fill memory and the
 * thread pool and starve every other request.
 */
export class SemaphoreFullError extends Error {
  override readonly name = 'SemaphoreFullError';
}

export interface Semaphore {
  /** Runs `task` when a slot is free; throws SemaphoreFullError when the queue is already full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
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
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
