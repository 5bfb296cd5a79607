/**
 * Request to first playable audio, through the real API in this process: a member's browser posts a
 * page (as the extension does: title, text, address), and the clock runs until the podcast is ready
 * and its audio answers. Embedded defaults: PGlite in memory, the template script, the espeak voice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { articleText } from '../../shared/text/article-text.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createDeps } from '../../server/wiring.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/readability');
const PAGES = ['mozilla-1', 'wikipedia', 'medium-1', 'bbc-1'];

function article(id: string) {
  const html = fs.readFileSync(path.join(CORPUS, id, 'expected.html'), 'utf8');
  const text = articleText(parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.body);
  return { title: id, text, sourceUrl: `https://example.com/${id}` };
}

export default async function bench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANONYMOUS_DAILY_PODCASTS: '1000' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const deps = await createDeps(config, database, createLogger('silent'));
  const app = createApp(deps);
  deps.jobs.start();
  const headers = { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: 'bench-browser-token-0001' };
  try {
    console.log('page | words | answered (ms) | script done (ms) | playable (ms) | audio (s)');
    for (const id of PAGES.filter((p) => fs.existsSync(path.join(CORPUS, p)))) {
      const body = article(id);
      const started = performance.now();
      const res = await app.request('/api/podcasts', { method: 'POST', headers, body: JSON.stringify(body) });
      const answered = performance.now() - started;
      const { id: podcastId } = podcastSchema.parse(await res.json());
      let scripted = 0;
      for (;;) {
        const podcast = podcastSchema.parse(await (await app.request(`/api/podcasts/${podcastId}`, { headers })).json());
        if (!scripted && podcast.progress >= 20) scripted = performance.now() - started;
        if (podcast.status === 'failed') throw new Error(`${id}: ${podcast.error}`);
        if (podcast.status === 'ready') {
          const audio = await app.request(podcast.audioUrl!, { headers: { Range: 'bytes=0-1023' } });
          if (audio.status !== 206) throw new Error(`${id}: audio answered ${audio.status}`);
          const playable = performance.now() - started;
          const words = body.text.split(/\s+/).length;
          console.log(
            `${id} | ${words} | ${answered.toFixed(0)} | ${scripted.toFixed(0)} | ${playable.toFixed(0)} | ${podcast.durationSeconds}`,
          );
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  } finally {
    await deps.jobs.stop();
    await Promise.all([deps.speech.close(), deps.extractor.close()]);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
