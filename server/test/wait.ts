import { PROCESSES_TEST_MS, SAFETY_NET_MS } from '../../shared/testing/safety-net.ts';

/** The one deadline for every wait on state in the node tests: see shared/testing/safety-net.ts. */
export { PROCESSES_TEST_MS, SAFETY_NET_MS };

/** Polls `read` until `done(value)` holds, for setup code where expect.poll is not allowed; the deadline is a safety net for a busy machine. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = SAFETY_NET_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
