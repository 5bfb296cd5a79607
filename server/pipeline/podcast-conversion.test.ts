/**
 * A job resumes after the last stage it finished: a conversion cut off after its script was
 * written speaks that script when it runs again, without asking the script writer a second time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { findPodcast, insertPodcast, newPodcastId } from '../repositories/podcast-repository.ts';
import { createDiskAudioStore } from '../machinery/audio/disk-store.ts';
import { episode } from '../machinery/audio/store.ts';
import { createArticleExtractor } from '../machinery/extract/extractor.ts';
import { createPodcastEvents } from '../services/podcasts/events.ts';
import { createFallbackScriptWriter } from '../machinery/script/fallback-writer.ts';
import type { ScriptWriter } from '../machinery/script/types.ts';
import { wholeScriptWriter } from '../machinery/script/script-stream.ts';
import { createEncoderPool } from '../machinery/audio/episode-encoder.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createServerPipeline } from './server-ports.ts';
import { convertPodcast } from './podcast-conversion.ts';
import { voiceLike } from '../test/voices.ts';

const espeak = createEspeakEngine();
const extractor = createArticleExtractor();
const encoders = createEncoderPool({ size: 1 });
afterAll(async () => {
  await espeak.close();
  await encoders.close();
  await extractor.close();
});

describeEachDatabase('a conversion job', (ctx) => {
  it('resumes after the script stage without writing the script again', async () => {
    const audio = createDiskAudioStore(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-resume-')));
    const fallback = createFallbackScriptWriter();
    let writes = 0;
    const scriptWriter: ScriptWriter = wholeScriptWriter(async (article, options) => {
      writes++;
      return { ...(await fallback.write(article, options)), title: 'The Written Title' };
    });
    const now = new Date();
    const podcast = await insertPodcast(ctx.db, {
      id: newPodcastId(now),
      anonymousToken: `resume-${ctx.kind}-${now.getTime()}`,
      sourceTitle: 'Tides',
      title: 'Tides',
      articleText: 'The tide comes in twice a day.\nThe moon pulls the sea toward it.',
      status: 'queued',
      createdAt: now,
      updatedAt: now,
    });
    const deps = (speech: SpeechEngine) => ({
      db: ctx.db,
      logger: createLogger('silent'),
      events: createPodcastEvents(),
      audio,
      ports: createServerPipeline({ config: { fetchAllowHosts: [] }, extractor, scriptWriter, speech, encoders }),
    });

    // The first run is cut off (the server shuts down) as speech starts.
    const cut = new AbortController();
    // eslint-disable-next-line require-yield
    const interrupted = voiceLike(espeak, async function* () {
      cut.abort(new Error('server shutting down'));
      cut.signal.throwIfAborted();
    });
    await expect(convertPodcast(deps(interrupted), podcast.id, cut.signal)).rejects.toThrow();
    const afterCut = await findPodcast(ctx.db, podcast.id);
    expect(afterCut).toMatchObject({ status: 'speaking', title: 'The Written Title', audioKey: null });
    expect(afterCut!.content).toContain('The tide comes in twice a day.');
    expect(writes).toBe(1);

    // The job runs again (another attempt, or after a restart).
    await convertPodcast(deps(espeak), podcast.id, new AbortController().signal);
    const done = await findPodcast(ctx.db, podcast.id);
    expect(done).toMatchObject({ status: 'ready', progress: 100, content: afterCut!.content });
    expect(await audio.stat(episode(done!.audioKey!))).toBeGreaterThan(0);
    expect(writes).toBe(1);
  });
});
