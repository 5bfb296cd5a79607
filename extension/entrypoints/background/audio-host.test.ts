import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AudioReport } from '../../messaging.ts';
import { createAudioHost } from './audio-host.ts';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('where the audio plays', () => {
  it('Firefox (no offscreen documents): an audio element in the background page, reporting here', async () => {
    Object.assign(fakeBrowser, { offscreen: undefined });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const reports: AudioReport[] = [];
    const host = createAudioHost((report) => reports.push(report));
    expect(host).not.toBeNull();

    const src = 'http://localhost:8787/api/podcasts/p1/audio?t=signed';
    expect(await host!.start({ src, kind: 'file', position: 0 })).toEqual({ ok: true, value: null });
    const audio = play.mock.contexts[0] as HTMLAudioElement;
    expect(audio.src).toBe(src);

    audio.dispatchEvent(new Event('playing'));
    expect(reports.at(-1)).toMatchObject({ src, status: 'playing' });
  });

  it('says when the audio cannot play', async () => {
    Object.assign(fakeBrowser, { offscreen: undefined });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('no source', 'NotSupportedError'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = createAudioHost(() => {});
    expect(await host!.start({ src: 'http://localhost:8787/a.mp3', kind: 'file', position: 0 })).toEqual({
      ok: false,
      error: { code: 'PLAYBACK_FAILED', message: "This podcast's audio could not be played" },
    });
  });

  it('Chromium: an offscreen document made for audio playback', async () => {
    const createDocument = vi.fn(async () => {});
    Object.assign(fakeBrowser, { offscreen: { createDocument, closeDocument: vi.fn() } });
    Object.assign(fakeBrowser.runtime, { getContexts: vi.fn(async () => []) });
    const host = createAudioHost(() => {});
    // Nobody answers in this test: the failure comes back as data, not as a thrown error.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await host!.start({ src: 'http://localhost:8787/a.mp3', kind: 'file', position: 0 });
    expect(createDocument).toHaveBeenCalledWith({
      url: '/offscreen.html',
      reasons: ['AUDIO_PLAYBACK'],
      justification: 'Keeps the podcast playing after the popup closes.',
    });
    expect(result.ok).toBe(false);
  });
});
