/**
 * Japanese kanji become their readings before the voice: espeak's Japanese voice reads kana and says
 * "Chinese letter" for every kanji. kuromoji's dictionary (IPADIC, shipped in its npm package, read
 * from node_modules) segments the sentence and gives each word's reading. The dictionary is large
 * (about 1 s of CPU to load and some 300 MB), so it loads in a worker thread (japanese-worker.mjs),
 * on the first Japanese sentence, once per process, and never for other languages.
 */
import { createWorkerPool, type WorkerPool } from '../workers/worker-pool.ts';

/** What the dictionary may rewrite: kanji, and hiragana (the particles は and へ). */
const READABLE = /[\p{Script=Han}\p{Script=Hiragana}]/u;

interface Reply {
  id: number;
  text: string;
}

let pool: WorkerPool | undefined;
let nextId = 1;

const isReady = (message: unknown) => {
  const { ready, failed } = message as { ready?: boolean; failed?: string };
  if (failed !== undefined) return new Error(`The Japanese dictionary did not load: ${failed}`);
  return ready === true;
};

/**
 * `text` with each word written in kanji replaced by its reading in hiragana, and the particles は
 * and へ written as said (わ, え); kana, Latin letters, digits and punctuation stay as they are, and
 * so does a kanji word the dictionary does not know.
 */
export async function readJapanese(text: string, signal?: AbortSignal): Promise<string> {
  if (!READABLE.test(text)) return text;
  pool ??= createWorkerPool({ url: new URL('./japanese-worker.mjs', import.meta.url), ready: isReady });
  const lease = await pool.acquire(signal);
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    lease.onStop((error) => {
      lease.release();
      reject(error);
    });
    lease.onMessage((message) => {
      const reply = message as Reply;
      if (reply.id !== id) return;
      lease.release();
      resolve(reply.text);
    });
    lease.post({ id, text });
  });
}
