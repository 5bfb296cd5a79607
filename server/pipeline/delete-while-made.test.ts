/**
 * A podcast deleted at any moment of its job leaves no audio behind, on either database and either
 * store: the job is held at a point of its run (before or after a segment's write lands, before or
 * after the episode's join), the podcast is deleted through the API, the job goes on, and once its
 * run has ended nothing of it is stored. The sweep removes audio no podcast names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import type { AudioObject, AudioStore } from '../machinery/audio/store.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { sweepOrphanAudio } from '../use-cases/sweep-orphan-audio.ts';
import { createAudioStore } from '../wiring.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { jobLog } from '../test/job-log.ts';
import { insertPodcasts, podcastById, segmentsOf } from '../test/rows.ts';
import { startTestBucket, type TestBucket } from '../test/s3-bucket.ts';
import { podcastClient } from '../test/voices.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const article = {
  title: 'The Night Ferry',
  text: [
    'The ferry left the harbour at nine. Its lights moved slowly across the black water of the bay.',
    'On deck a few travellers watched the town grow small. The wind carried salt and the smell of diesel.',
    'By midnight the coast was a thin line of lamps. The captain wrote the time and the weather in his log.',
  ].join('\n'),
  sourceUrl: 'https://example.com/ferry',
};

type Point = 'before-write' | 'after-write' | 'before-join' | 'after-join';

/** The store, able to hold the job at one point of its run until the test lets it go on. */
function gatedStore(inner: AudioStore) {
  let trap: { point: Point; seq: number | undefined; reached: () => void; release: Promise<void> } | undefined;
  const at = async (point: Point, object?: AudioObject) => {
    const seq = object?.kind === 'segment' ? object.seq : undefined;
    if (!trap || trap.point !== point || (trap.seq !== undefined && trap.seq !== seq)) return;
    const held = trap;
    trap = undefined;
    held.reached();
    await held.release;
  };
  const store: AudioStore = {
    ...inner,
    async write(object, bytes) {
      await at('before-write', object);
      await inner.write(object, bytes);
      await at('after-write', object);
    },
    async join(key, count, head) {
      await at('before-join');
      const size = await inner.join(key, count, head);
      await at('after-join');
      return size;
    },
  };
  const arm = (point: Point, seq?: number) => {
    let reached!: () => void;
    let release!: () => void;
    const hit = new Promise<void>((resolve) => (reached = resolve));
    trap = { point, seq, reached, release: new Promise<void>((resolve) => (release = resolve)) };
    return { hit, release };
  };
  return { store, arm };
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describeEachDatabase('audio of a podcast deleted while it is made', (ctx) => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket(`deleted-${ctx.kind}`);
  });
  afterAll(() => bucket.close());

  for (const kind of ['disk', 's3'] as const) {
    describe(`audio on ${kind}`, () => {
      let visitor = 0;
      // One server at a time: another's job runner would claim the job this test holds.
      let running: { stop(): Promise<void> } | undefined;
      afterEach(() => running?.stop());

      function server() {
        const config = testConfig({ ANONYMOUS_DAILY_PODCASTS: '100', ...(kind === 's3' ? bucket.env : {}) });
        const { logger, runEnded } = jobLog();
        const gate = gatedStore(createAudioStore(config));
        const t = createTestApp(ctx, { config, logger, audio: gate.store, speech: espeak });
        t.deps.jobs.start();
        running = t.deps.jobs;
        const stored = async () => (kind === 's3' ? (await bucket.objects()).map((o) => o.name) : filesUnder(path.join(config.dataDir, 'audio')));
        return { t, gate, stored, runEnded, ...podcastClient(t, article) };
      }

      const points: [Point, number | undefined][] = [
        ['before-write', 1],
        ['after-write', 1],
        ['before-join', undefined],
        ['after-join', undefined],
      ];
      for (const [point, seq] of points) {
        it(`leaves nothing when deleted ${point}${seq === undefined ? '' : ` of segment ${seq}`}`, async () => {
          const { t, gate, stored, runEnded, create, call } = server();
          const held = gate.arm(point, seq);
          const who = `deleted-${kind}-${ctx.kind}-${++visitor}`;
          const { id } = await create(who);
          await held.hit;
          const key = (await podcastById(ctx.db, id))!.streamKey!;
          expect((await call(`/api/podcasts/${id}`, who, { method: 'DELETE' })).status).toBe(200);
          held.release();
          // Once the job's run is over, nothing can write any more: what is stored now stays.
          await expect.poll(() => runEnded(id), { timeout: SAFETY_NET_MS, interval: 50 }).toBe(true);
          expect((await stored()).filter((name) => name.startsWith(key))).toEqual([]);
          expect(await segmentsOf(t.deps.db, key)).toEqual([]);
        });
      }

      it('sweeps audio no podcast names, once it is older than the grace period', async () => {
        const { t, stored } = server();
        const { audio } = t.deps;
        const orphan = audio.newKey();
        const named = audio.newKey();
        await audio.write({ kind: 'segment', key: orphan, seq: 0 }, new Uint8Array([1, 2, 3]));
        await audio.write({ kind: 'episode', key: orphan }, new Uint8Array([4, 5]));
        await audio.write({ kind: 'segment', key: named, seq: 0 }, new Uint8Array([6]));
        await insertPodcasts(t.deps.db, { id: `swept-${kind}-${Date.now()}`, title: 'Still here', status: 'speaking', streamKey: named });
        const deps = { db: t.deps.db, audio, logger: createLogger('silent') };

        // Within the grace period a key may be about to be named: nothing goes.
        expect(await sweepOrphanAudio(deps)).toBe(0);
        expect((await stored()).filter((n) => n.startsWith(orphan))).toHaveLength(2);

        // Later, the orphan goes (episode and segments) and the named key stays.
        expect(await sweepOrphanAudio(deps, { graceMs: 0, now: Date.now() + 1000 })).toBeGreaterThanOrEqual(1);
        const left = await stored();
        expect(left.filter((n) => n.startsWith(orphan))).toEqual([]);
        expect(left).toContain(`${named}/0.mp3`);
      });
    });
  }
});
