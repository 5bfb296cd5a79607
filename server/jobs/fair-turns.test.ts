/**
 * Fair without waiting for a slot: while one visitor's long readings hold both job slots, another's
 * two-sentence podcast is made at once (a long job gives up its slot at its next segment and resumes
 * later where it stopped), even from the middle of a segment that takes long to speak, and a long job
 * that yielded still ends whole.
 */
import { afterAll, expect, it } from 'vitest';
import { createEspeakEngine } from '../services/speech/espeak-engine.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { pacedVoice, podcastClient, voiceLike } from '../test/voices.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const long = {
  title: 'A Long Walk',
  text: Array.from({ length: 40 }, (_, i) => `Mile ${i + 1} went by under a grey sky. The road bent east toward the river.`).join('\n'),
  sourceUrl: 'https://example.com/walk',
};
const short = {
  title: 'Bees',
  text: 'Bees see blue better than any other colour.\nGardeners who plant lavender see more bees by noon.',
  sourceUrl: 'https://example.com/bees',
};

const slow = pacedVoice(espeak, { delayMs: 150 });

describeEachDatabase('job slots shared between visitors', (ctx) => {
  it("makes another visitor's short podcast while one visitor's long readings hold every slot", async () => {
    const t = createTestApp(ctx, {
      config: testConfig({ JOB_CONCURRENCY: '2', ANONYMOUS_DAILY_PODCASTS: '100' }),
      // The long readings take at least 12 s each (150 ms a sentence); the short one is not slowed.
      speech: voiceLike(espeak, (text, opts) => (text.includes('Mile') ? slow : espeak).synthesize(text, opts)),
    });
    t.deps.jobs.start();
    try {
      const busy = podcastClient(t, long);
      const other = podcastClient(t, short);
      const who = `turns-busy-${ctx.kind}-${Date.now()}`;
      const readings: string[] = [];
      for (let i = 0; i < 3; i++) readings.push((await busy.create(who)).id);
      // Both slots hold a long reading with audio made.
      await expect
        .poll(async () => (await Promise.all(readings.map((id) => busy.podcast(id, who)))).filter((p) => (p.audioSeconds ?? 0) > 0).length, {
          timeout: 60_000,
          interval: 50,
        })
        .toBe(2);

      const someone = `turns-other-${ctx.kind}-${Date.now()}`;
      const { id } = await other.create(someone);
      await other.waitFor(id, someone, (p) => p.status === 'ready');
      // Ready while the long readings were still being made: it did not wait for a slot to free.
      const states = await Promise.all(readings.map((r) => busy.podcast(r, who)));
      expect(states.filter((p) => p.status === 'ready')).toHaveLength(0);

      // The reading that yielded resumes where it stopped and ends whole.
      const first = await busy.waitFor(readings[0]!, who, (p) => p.status === 'ready');
      expect(first.durationSeconds).toBeGreaterThan(60);
    } finally {
      await t.deps.jobs.stop();
    }
  });

  it('gives up its slot in the middle of a segment, and ends whole once it resumes', async () => {
    // Each long reading stops at the heron, past its first segments, until the gate opens (or its run
    // is stopped): a segment that never ends.
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
      const lines = long.text.split('\n');
      lines.splice(30, 0, 'A heron stood still at the ford.');
      const busy = podcastClient(t, { ...long, text: lines.join('\n') });
      const who = `turns-stuck-${ctx.kind}-${Date.now()}`;
      const readings = [(await busy.create(who)).id, (await busy.create(who)).id];
      await expect.poll(() => reachedGate, { timeout: 60_000, interval: 50 }).toBe(2);

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
