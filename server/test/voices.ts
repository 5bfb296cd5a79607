/** Voices for tests: the embedded one slowed, failing or cut off, and an API client over a test app. */
import { expect } from 'vitest';
import { podcastSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import type { createTestApp } from './app.ts';
import { SAFETY_NET_MS } from './wait.ts';

/** `voice` with another way to speak; everything else is the voice's own. */
export function voiceLike(voice: SpeechEngine, synthesize: SpeechEngine['synthesize']): SpeechEngine {
  return {
    name: voice.name,
    sampleRate: voice.sampleRate,
    maxChunkChars: voice.maxChunkChars,
    defaultVoice: voice.defaultVoice,
    voices: () => voice.voices(),
    close: async () => {},
    synthesize,
  };
}

/**
 * `voice` slowed by `delayMs` a sentence, so an episode takes seconds to make and can be heard while
 * it grows; past `failAfter` sentences it refuses for good.
 */
export function pacedVoice(voice: SpeechEngine, options: { delayMs: number; failAfter?: number }): SpeechEngine {
  let calls = 0;
  return voiceLike(voice, async function* (text, opts) {
    calls++;
    await new Promise((r) => setTimeout(r, options.delayMs));
    if (options.failAfter !== undefined && calls > options.failAfter) {
      throw Object.assign(new Error('The speech service refused the key'), { retryable: false });
    }
    yield* voice.synthesize(text, opts);
  });
}

/** The API as one browser calls it on a test app: make a podcast of `article` and wait on it. */
export function podcastClient(t: ReturnType<typeof createTestApp>, article: { title: string; text: string; sourceUrl: string }) {
  const call = (url: string, who?: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (who) headers.set(ANONYMOUS_TOKEN_HEADER, who);
    if (init.body) headers.set('Content-Type', 'application/json');
    return t.app.request(url, { ...init, headers });
  };
  const podcast = async (id: string, who: string) => podcastSchema.parse(await (await call(`/api/podcasts/${id}`, who)).json());
  const create = async (who: string) => {
    const res = await call('/api/podcasts', who, { method: 'POST', body: JSON.stringify(article) });
    expect(res.status).toBe(201);
    return podcastSchema.parse(await res.json());
  };
  /** Polls until `until` holds; answers the podcast as it was then. */
  const waitFor = async (id: string, who: string, until: (p: Podcast) => boolean) => {
    let last: Podcast | undefined;
    await expect.poll(async () => until((last = await podcast(id, who))), { timeout: SAFETY_NET_MS, interval: 50 }).toBe(true);
    return last!;
  };
  return { call, podcast, create, waitFor };
}
