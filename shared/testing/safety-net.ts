/**
 * The deadlines of every wait on state in the tests (a job done, a file gone, a log line, a podcast
 * ready, a component showing what it was told): safety nets for a hang, never speed targets. Each is
 * large enough for a machine 20 times slower than idle and under its project's test timeout
 * (vitest.config.ts), so a wait that runs out says what it last saw before the test is cut off.
 */

/** The node tests (server/, shared/, scripts/; test and hook timeout 240 s). */
export const SAFETY_NET_MS = 200_000;

/** The component tests (webapp/ and extension/ on happy-dom; test timeout 60 s), where a component settles in milliseconds. */
export const DOM_SAFETY_NET_MS = 45_000;

/**
 * A node test that starts several server processes and makes podcasts through them (scale-out,
 * restarts): about 45 s of CPU, which three suites side by side on 2 cores stretch past 7 minutes.
 */
export const PROCESSES_TEST_MS = 900_000;
