import { afterEach, describe, expect, it, vi } from 'vitest';
import { EPISODE_MESSAGES, HLS_MIME_TYPE, attachEpisode, primeStream, type HlsErrorData, type HlsSettings } from './attach-episode.ts';
import { SAFETY_NET_MS } from '../testing/safety-net.ts';

/** An <audio> element's members the module uses, recording what was done to it. */
class FakeMedia {
  src = '';
  currentTime = 0;
  loads = 0;
  private listeners = new Map<string, Set<() => void>>();
  constructor(private readonly hlsAnswer: string) {}
  canPlayType(type: string) {
    return type === HLS_MIME_TYPE ? this.hlsAnswer : 'probably';
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  load() {
    this.loads++;
  }
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    const once = () => {
      this.removeEventListener(type, once);
      listener();
    };
    this.listeners.get(type)!.add(options?.once ? once : listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: string) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }
}

const ERROR_EVENT = 'hlsError';

/** A stand-in for hls.js: one instance per `new`, recording its calls. */
function fakeHls({ supported = true } = {}) {
  const instances: {
    settings: HlsSettings;
    calls: string[];
    media: FakeMedia | null;
    fail: (data: HlsErrorData) => void;
  }[] = [];
  class Hls {
    static Events = { ERROR: ERROR_EVENT } as const;
    static isSupported = () => supported;
    private listener: ((event: typeof ERROR_EVENT, data: HlsErrorData) => void) | null = null;
    private readonly record;
    constructor(settings: HlsSettings) {
      this.record = { settings, calls: [] as string[], media: null as FakeMedia | null, fail: (data: HlsErrorData) => this.listener?.(ERROR_EVENT, data) };
      instances.push(this.record);
    }
    on(_event: typeof ERROR_EVENT, listener: (event: typeof ERROR_EVENT, data: HlsErrorData) => void) {
      this.listener = listener;
    }
    loadSource(url: string) {
      this.record.calls.push(`loadSource ${url}`);
    }
    attachMedia(media: FakeMedia) {
      this.record.media = media;
      media.src = 'blob:http://localhost/ms';
      this.record.calls.push('attachMedia');
    }
    recoverMediaError() {
      this.record.calls.push('recoverMediaError');
    }
    destroy() {
      if (this.record.media) this.record.media.src = '';
      this.record.calls.push('destroy');
    }
  }
  const loadHls = vi.fn(async () => Hls);
  return { loadHls, instances };
}

const STREAM = { kind: 'stream', url: '/api/podcasts/p1/stream.m3u8?t=s' } as const;
const FILE = { kind: 'file', url: '/api/podcasts/p1/audio?t=a' } as const;

/** As Safari 17 and later, where ManagedMediaSource exists. */
function asSafari() {
  vi.stubGlobal('ManagedMediaSource', class {});
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('attachEpisode', () => {
  it('gives a finished episode to the element as its source, without loading hls.js', async () => {
    const media = new FakeMedia('');
    const { loadHls } = fakeHls();
    const attached = attachEpisode(media, FILE, { loadHls });
    await attached.ready;
    expect(media.src).toBe(FILE.url);
    expect(loadHls).not.toHaveBeenCalled();

    attached.detach();
    expect(media.src).toBe('');
    expect(media.loads).toBe(1);
  });

  it('starts a finished episode where asked', async () => {
    const media = new FakeMedia('');
    await attachEpisode(media, FILE, { loadHls: fakeHls().loadHls, startAt: 42 }).ready;
    expect(media.currentTime).toBe(42);
  });

  it.each([
    ['Chromium, which says "maybe" to HLS without playing it reliably', 'maybe'],
    ['Firefox, which does not play HLS', ''],
  ])('plays a growing episode through hls.js in %s: from the start, no low latency, finite duration', async (_name, answer) => {
    const media = new FakeMedia(answer);
    const { loadHls, instances } = fakeHls();
    const attached = attachEpisode(media, STREAM, { loadHls });
    await attached.ready;

    expect(loadHls).toHaveBeenCalledOnce();
    expect(instances).toHaveLength(1);
    expect(instances[0]!.settings).toMatchObject({ startPosition: 0, lowLatencyMode: false, liveDurationInfinity: false, enableWorker: false });
    // Through a server restart the playlist and segments are asked for again for about half a minute.
    for (const policy of ['manifestLoadPolicy', 'playlistLoadPolicy', 'fragLoadPolicy'] as const) {
      const { maxNumRetry, maxRetryDelayMs } = instances[0]!.settings[policy].default.errorRetry;
      expect(maxNumRetry * maxRetryDelayMs).toBeGreaterThanOrEqual(30_000);
    }
    expect(instances[0]!.calls).toEqual([`loadSource ${STREAM.url}`, 'attachMedia']);
    expect(instances[0]!.media).toBe(media);

    attached.detach();
    expect(instances[0]!.calls.at(-1)).toBe('destroy');
  });

  it('starts hls.js where asked (resuming in the extension)', async () => {
    const { loadHls, instances } = fakeHls();
    await attachEpisode(new FakeMedia(''), STREAM, { loadHls, startAt: 75 }).ready;
    expect(instances[0]!.settings.startPosition).toBe(75);
  });

  it('lets Safari play the playlist itself, from the beginning rather than the live edge', async () => {
    asSafari();
    const media = new FakeMedia('maybe');
    const { loadHls } = fakeHls();
    const attached = attachEpisode(media, STREAM, { loadHls });
    await attached.ready;
    expect(loadHls).not.toHaveBeenCalled();
    expect(media.src).toBe(STREAM.url);

    // Safari opens a live playlist near its end; the position goes back to the start once.
    media.currentTime = 24;
    media.fire('loadedmetadata');
    expect(media.currentTime).toBe(0);
    media.currentTime = 30;
    media.fire('loadedmetadata');
    expect(media.currentTime).toBe(30);

    attached.detach();
    expect(media.src).toBe('');
  });

  it('falls back to the element where hls.js cannot run but the browser plays HLS (an older Safari)', async () => {
    const media = new FakeMedia('maybe');
    const { loadHls, instances } = fakeHls({ supported: false });
    await attachEpisode(media, STREAM, { loadHls }).ready;
    expect(instances).toEqual([]);
    expect(media.src).toBe(STREAM.url);
  });

  it('says so when this browser can play a growing episode in no way', async () => {
    const { loadHls } = fakeHls({ supported: false });
    await expect(attachEpisode(new FakeMedia(''), STREAM, { loadHls }).ready).rejects.toThrow(EPISODE_MESSAGES.unsupported);
  });

  it('says so when hls.js cannot be loaded (offline, a new deployment)', async () => {
    const loadHls = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const attached = attachEpisode(new FakeMedia(''), STREAM, { loadHls });
    await expect(attached.ready).rejects.toThrow(EPISODE_MESSAGES.loadFailed);
  });

  it('attaches nothing when it was detached before hls.js arrived', async () => {
    const media = new FakeMedia('');
    const { loadHls, instances } = fakeHls();
    const attached = attachEpisode(media, STREAM, { loadHls });
    attached.detach();
    await attached.ready;
    expect(instances).toEqual([]);
    expect(media.src).toBe('');
  });

  it('recovers from one decoding error, and reports what it cannot recover from', async () => {
    const { loadHls, instances } = fakeHls();
    const onError = vi.fn();
    await attachEpisode(new FakeMedia(''), STREAM, { loadHls, onError }).ready;
    const hls = instances[0]!;

    hls.fail({ fatal: false, type: 'networkError', details: 'levelLoadTimeOut' });
    expect(onError).not.toHaveBeenCalled();

    hls.fail({ fatal: true, type: 'mediaError', details: 'bufferAppendError' });
    expect(hls.calls).toContain('recoverMediaError');
    expect(onError).not.toHaveBeenCalled();

    hls.fail({ fatal: true, type: 'mediaError', details: 'bufferAppendError' });
    expect(onError).toHaveBeenCalledWith(EPISODE_MESSAGES.streamFailed);

    hls.fail({ fatal: true, type: 'networkError', details: 'levelLoadError' });
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('asks for a primed stream before any player exists, and the player attaching it from the start takes it over', async () => {
    const { loadHls, instances } = fakeHls();
    const url = '/api/podcasts/p9/stream.m3u8?t=s';
    primeStream(url, loadHls);
    await vi.waitFor(() => expect(instances).toHaveLength(1), { timeout: SAFETY_NET_MS });
    // The playlist is asked for at once, and the first segment as soon as it is listed.
    expect(instances[0]!.calls).toEqual([`loadSource ${url}`]);
    expect(instances[0]!.settings.startFragPrefetch).toBe(true);

    // The card's copy of the podcast may carry the address signed afresh.
    const media = new FakeMedia('');
    const attached = attachEpisode(media, { kind: 'stream', url: url.replace('t=s', 't=s2') }, { loadHls });
    await attached.ready;
    expect(instances).toHaveLength(1);
    expect(instances[0]!.calls).toEqual([`loadSource ${url}`, 'attachMedia']);
    expect(instances[0]!.media).toBe(media);
    attached.detach();
    expect(instances[0]!.calls.at(-1)).toBe('destroy');

    // Taken once: the next player of that address loads it afresh.
    await attachEpisode(new FakeMedia(''), { kind: 'stream', url }, { loadHls }).ready;
    expect(instances).toHaveLength(2);
  });

  it('asks a new podcast\'s "not yet" playlist again within a quarter second', async () => {
    const { loadHls, instances } = fakeHls();
    await attachEpisode(new FakeMedia(''), STREAM, { loadHls }).ready;
    expect(instances[0]!.settings.manifestLoadPolicy.default.errorRetry.retryDelayMs).toBeLessThanOrEqual(250);
  });
});
