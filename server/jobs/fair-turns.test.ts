/**
 * Fair without waiting for a slot: while one visitor's long readings hold both job slots, another's
 * two-sentence podcast is made at once: a long job gives up its slot, even in the middle of a segment
 * that never ends, and resumes later after its last stored segment, ending whole.
 */
import { afterAll, expect, it } from 'vitest';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { podcastClient, voiceLike } from '../test/voices.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

/** A long reading with a heron at its 31st line, past its first segments. */
const long = {
  title: 'A Long Walk',
  text: Array.from({ length: 40 }, (_, i) => `Mile ${i + 1} went by under a grey sky. The road bent east toward the river.`)
    .toSpliced(30, 0, 'A heron stood still at the ford.')
    .join('\n'),
  sourceUrl: 'https://example.com/walk',
};
const short = {
  title: 'Bees',
  text: 'Bees see blue better than any other colour.\nGardeners who plant lavender see more bees by noon.',
  sourceUrl: 'https://example.com/bees',
};

describeEachDatabase('job slots shared between visitors', (ctx) => {
  it('gives up its slot in the middle of a segment, and ends whole once it resumes', async () => {
    // Each long reading stops at the heron until the gate opens (or its run is stopped).
    let reachedGate = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const t = createTestApp(ctx, {
      config: testConfig({ JOB_CONCURRENCY: '2', ANONYMOUS_DAILY_PODCASTS: '100' }),
      speech: voiceLike(espeak, async function* (text, opts) {
        if (text.includes('heron')) {
          reachedGate++;
          await new Promise<void>((resolve, reject) => {
            void gate.then(resolve);
            opts.signal?.addEventListener('abort', () => reject(opts.signal!.reason as Error), { once: true });
          });
        }
        yield* espeak.synthesize(text, opts);
      }),
    });
    t.deps.jobs.start();
    try {
      const busy = podcastClient(t, long);
      const who = `turns-stuck-${ctx.kind}-${Date.now()}`;
      const readings = [(await busy.create(who)).id, (await busy.create(who)).id];
      await expect.poll(() => reachedGate, { timeout: SAFETY_NET_MS, interval: 50 }).toBe(2);

      const other = podcastClient(t, short);
      const someone = `turns-waiting-${ctx.kind}-${Date.now()}`;
      const { id } = await other.create(someone);
      // Made while both long readings are stuck mid-segment: they gave their slots up.
      await other.waitFor(id, someone, (p) => p.status === 'ready');

      openGate();
      for (const reading of readings) {
        const done = await busy.waitFor(reading, who, (p) => p.status === 'ready');
        expect(done.durationSeconds).toBeGreaterThan(60);
      }
    } finally {
      openGate();
      await t.deps.jobs.stop();
    }
  });
});
