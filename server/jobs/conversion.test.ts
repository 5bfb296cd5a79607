/**
 * A conversion job whose podcast is deleted ends cancelled: logged as such at info, with no warning
 * of a retry nor an error, and never run again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger, type LogSink } from '../lib/logger.ts';
import { convertPodcast } from '../pipeline/podcast-conversion.ts';
import { PodcastDeletedError } from '../pipeline/podcast-state.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { createTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { countJobs } from '../test/rows.ts';
import { pacedVoice, podcastClient } from '../test/voices.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

const article = {
  title: 'The Lighthouse Keeper',
  text: Array.from({ length: 4 }, (_, i) => `Part ${i + 1}. The keeper climbed the stairs at dusk. The lamp turned all night over the rocks.`).join('\n'),
  sourceUrl: 'https://example.com/lighthouse',
};

describeEachDatabase('a conversion job whose podcast is deleted', (ctx) => {
  const lines: Record<string, unknown>[] = [];
  const sink: LogSink = (line) => void lines.push(JSON.parse(line) as Record<string, unknown>);
  let t: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    t = createTestApp(ctx, { logger: createLogger('info', {}, sink), speech: pacedVoice(espeak, { delayMs: 100 }) });
    t.deps.jobs.start();
  });
  afterAll(() => t.deps.jobs.stop());

  it('ends cancelled when the podcast is deleted while it is made, and is not retried', async () => {
    const { call, create, waitFor } = podcastClient(t, article);
    const who = `deleted-${ctx.kind}-${Date.now()}`;
    const { id } = await create(who);
    await waitFor(id, who, (p) => p.status === 'speaking');
    expect((await call(`/api/podcasts/${id}`, who, { method: 'DELETE' })).status).toBe(200);

    const ofJob = () => lines.filter((l) => l.podcastId === id && l.component === 'jobs');
    await expect.poll(() => ofJob().map((l) => l.msg), { timeout: SAFETY_NET_MS }).toContain('job cancelled');
    expect(ofJob().find((l) => l.msg === 'job cancelled')).toMatchObject({ level: 'info', reason: 'the podcast was deleted' });
    expect(ofJob().filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
    expect(await countJobs(ctx.db, id)).toBe(0);
  });

  it('answers PodcastDeletedError for a podcast deleted before its job ran', async () => {
    const { db, logger, events, audio, pipeline } = t.deps;
    await expect(convertPodcast({ db, logger, events, audio, ports: pipeline }, 'no-such-podcast', new AbortController().signal)).rejects.toBeInstanceOf(
      PodcastDeletedError,
    );
  });
});
