/**
 * A member's newest podcast first: one member asks for five podcasts in a row, each once the one
 * before has its first sound, while every older one is still being made (held mid-reading). Each new
 * one takes a slot from an older one of the same member that already has audio, so none waits for
 * the older ones to end; they all end whole afterwards.
 */
import { afterAll, expect, it } from 'vitest';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { podcastClient, voiceLike } from '../test/voices.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

/** A reading whose third line holds it until the gate opens: it has audio, and it is not done. */
const reading = {
  title: 'The Canal Path',
  text: Array.from({ length: 5 }, (_, i) => `Lock ${i + 1} rose slowly as the boat waited in the rain.`)
    .toSpliced(2, 0, 'A heron stood still at the ford.')
    .join('\n'),
  sourceUrl: 'https://example.com/canal',
};

describeEachDatabase("a member's newest podcast first", (ctx) => {
  it('gives each of five podcasts in a row its first sound while the older ones are still made', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const t = createTestApp(ctx, {
      config: testConfig({ JOB_CONCURRENCY: '2', ANONYMOUS_DAILY_PODCASTS: '100' }),
      speech: voiceLike(espeak, async function* (text, opts) {
        if (text.includes('heron')) {
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
      const who = `newest-first-${ctx.kind}-${Date.now()}`;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const client = podcastClient(t, { ...reading, sourceUrl: `${reading.sourceUrl}/${i + 1}` });
        const { id } = await client.create(who);
        ids.push(id);
        const heard = await client.waitFor(id, who, (p) => (p.audioSeconds ?? 0) > 0);
        expect(heard.status).not.toBe('ready');
        // No older podcast could end: each is held at the heron until the gate opens.
        for (const older of ids.slice(0, -1)) expect((await client.podcast(older, who)).status).not.toBe('ready');
      }
      expect(new Set(ids).size).toBe(5);
      openGate();
      const client = podcastClient(t, reading);
      for (const id of ids) {
        const done = await client.waitFor(id, who, (p) => p.status === 'ready');
        expect(done.durationSeconds).toBeGreaterThan(12);
      }
    } finally {
      openGate();
      await t.deps.jobs.stop();
    }
  }, 400_000); // a safety deadline: five podcasts, each waited for on its state, on a loaded machine
});
