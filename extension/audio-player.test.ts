import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HlsErrorData, HlsSettings } from '../shared/client/attach-episode.ts';
import { createAudioPlayer } from './audio-player.ts';
import type { AudioReport } from './messaging.ts';

const STREAM = 'http://localhost:8787/api/podcasts/p1/stream.m3u8?t=signed';
const FILE = 'http://localhost:8787/api/podcasts/p1/audio?t=signed';

/** hls.js as the player sees it; happy-dom has no Media Source Extensions. */
function fakeHls() {
  const made: { settings: HlsSettings; source: string | null; media: HTMLMediaElement | null; destroyed: boolean; fail: (data: HlsErrorData) => void }[] = [];
  class Hls {
    static readonly Events = { ERROR: 'hlsError' } as const;
    static isSupported = () => true;
    private listener: ((event: 'hlsError', data: HlsErrorData) => void) | null = null;
    private readonly record: (typeof made)[number];
    constructor(settings: HlsSettings) {
      this.record = { settings, source: null, media: null, destroyed: false, fail: (data) => this.listener?.('hlsError', data) };
      made.push(this.record);
    }
    on(_event: 'hlsError', listener: (event: 'hlsError', data: HlsErrorData) => void) {
      this.listener = listener;
    }
    loadSource(url: string) {
      this.record.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.record.media = media;
      // hls.js gives the element a media source of its own.
      media.src = 'blob:chrome-extension://abc/ms-1';
    }
    recoverMediaError() {}
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { made, loadHls: vi.fn(async () => Hls) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the extension's audio player", () => {
  it('plays a growing episode through hls.js from where it was asked, and reports it by its own address', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const audio = new Audio();
    const reports: AudioReport[] = [];
    const hls = fakeHls();
    const player = createAudioPlayer(audio, (report) => reports.push(report), hls.loadHls);

    expect(await player.start({ src: STREAM, kind: 'stream', position: 12 })).toEqual({ ok: true, value: null });
    expect(hls.made).toHaveLength(1);
    expect(hls.made[0]).toMatchObject({ source: STREAM, media: audio, destroyed: false });
    expect(hls.made[0]!.settings).toMatchObject({ startPosition: 12, lowLatencyMode: false, liveDurationInfinity: false });

    audio.dispatchEvent(new Event('playing'));
    expect(reports.at(-1)).toMatchObject({ src: STREAM, status: 'playing' });

    // Resumed on the same stream: nothing is attached again.
    expect(await player.start({ src: STREAM, kind: 'stream', position: 30 })).toEqual({ ok: true, value: null });
    expect(hls.made).toHaveLength(1);

    // Another episode: the stream is let go, the file plays.
    expect(await player.start({ src: FILE, kind: 'file', position: 0 })).toEqual({ ok: true, value: null });
    expect(hls.made[0]!.destroyed).toBe(true);
    expect(audio.src).toBe(FILE);
  });

  it('keeps a place past what the stream has loaded, and goes there once its length reaches it', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const audio = new Audio();
    // An element stops a seek at the end of what it has.
    let duration = 17;
    let time = 0;
    Object.defineProperty(audio, 'duration', { get: () => duration, configurable: true });
    Object.defineProperty(audio, 'currentTime', { get: () => time, set: (t: number) => void (time = Math.min(t, duration)), configurable: true });
    const player = createAudioPlayer(audio, () => {}, fakeHls().loadHls);
    await player.start({ src: STREAM, kind: 'stream', position: 0 });
    await player.control({ action: 'seek', position: 57 });
    expect(audio.currentTime).toBe(17);
    duration = 65;
    audio.dispatchEvent(new Event('durationchange'));
    expect(audio.currentTime).toBe(57);
    // A place within what it has is gone to at once, and nothing is kept.
    await player.control({ action: 'seek', position: 5 });
    duration = 70;
    audio.dispatchEvent(new Event('durationchange'));
    expect(audio.currentTime).toBe(5);
  });

  it('reports a stream that stops loading for good as an error to show', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const reports: AudioReport[] = [];
    const hls = fakeHls();
    const player = createAudioPlayer(new Audio(), (report) => reports.push(report), hls.loadHls);
    await player.start({ src: STREAM, kind: 'stream', position: 0 });

    hls.made[0]!.fail({ fatal: true, type: 'networkError', details: 'levelLoadError' });
    expect(reports.at(-1)).toMatchObject({ src: STREAM, status: 'error', error: 'The podcast stopped loading. Play it again to pick up where it stopped.' });
  });

  it('says so when the player for growing episodes cannot be loaded', async () => {
    const player = createAudioPlayer(new Audio(), () => {}, async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    expect(await player.start({ src: STREAM, kind: 'stream', position: 0 })).toEqual({
      ok: false,
      error: { code: 'PLAYBACK_FAILED', message: 'The player could not be loaded. Check your connection and play it again.' },
    });
  });

  it('stops: lets go of the stream', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const hls = fakeHls();
    const player = createAudioPlayer(new Audio(), () => {}, hls.loadHls);
    await player.start({ src: STREAM, kind: 'stream', position: 0 });
    await player.control({ action: 'stop' });
    expect(hls.made[0]!.destroyed).toBe(true);
  });

  it('shows the title in the system’s media controls, whose pause and skips act on the element and are reported', async () => {
    const handlers = new Map<string, (details: { seekOffset?: number; seekTime?: number }) => void>();
    const session = {
      metadata: null as { title: string; artwork: { src: string }[] } | null,
      playbackState: 'none',
      setActionHandler: (action: string, handler: (details: object) => void) => void handlers.set(action, handler),
    };
    vi.stubGlobal('MediaMetadata', class {
      title: string;
      artwork: { src: string }[];
      constructor(init: { title: string; artwork: { src: string }[] }) {
        this.title = init.title;
        this.artwork = init.artwork;
      }
    });
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
    try {
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
      const audio = new Audio();
      Object.defineProperty(audio, 'duration', { value: 100, configurable: true });
      const reports: AudioReport[] = [];
      const player = createAudioPlayer(audio, (report) => reports.push(report), fakeHls().loadHls);
      await player.start({ src: FILE, kind: 'file', position: 40, title: 'What the Tide Pools Remember', artwork: 'chrome-extension://abc/icon/128.png' });
      expect(session.metadata).toMatchObject({ title: 'What the Tide Pools Remember', artwork: [{ src: 'chrome-extension://abc/icon/128.png' }] });

      handlers.get('seekbackward')!({});
      expect(audio.currentTime).toBe(25);
      handlers.get('seekforward')!({});
      expect(audio.currentTime).toBe(55);
      handlers.get('seekto')!({ seekTime: 500 });
      expect(audio.currentTime).toBe(100);
      audio.dispatchEvent(new Event('seeked'));
      expect(reports.at(-1)).toMatchObject({ src: FILE, position: 100 });

      const pause = vi.spyOn(audio, 'pause');
      handlers.get('pause')!({});
      expect(pause).toHaveBeenCalled();

      await player.control({ action: 'stop' });
      audio.dispatchEvent(new Event('pause'));
      expect(session.metadata).toBeNull();
      expect(session.playbackState).toBe('none');
    } finally {
      Reflect.deleteProperty(navigator, 'mediaSession');
      vi.unstubAllGlobals();
    }
  });
});
