import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { fakeHlsInstances, resetFakeHls } from '../../../testing/fake-hls.ts';
import { AudioPlayer } from './audio-player.tsx';

vi.mock('../../../lib/load-hls.ts', () => import('../../../testing/fake-hls.ts'));

const view = mountEachTest({ beforeMount: resetFakeHls });

const STREAM = { kind: 'stream', url: '/api/podcasts/p1/stream.m3u8?t=s' } as const;
const FILE = { kind: 'file', url: '/api/podcasts/p1/audio?t=a' } as const;

const audio = () => view.container.querySelector('audio')!;
const seekSlider = () => view.container.querySelector<HTMLInputElement>('input[aria-label="Seek"]')!;
const made = () => view.container.querySelector('[data-testid="made"]');
const totalLine = () => view.container.querySelector('[data-testid="elapsed"]')!.parentElement!.textContent;

/** A keyboard or pointer move of the slider, as the browser reports it to React. */
function moveSlider(value: number) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(seekSlider(), String(value));
  seekSlider().dispatchEvent(new Event('input', { bubbles: true }));
}

describe('AudioPlayer', () => {
  it('plays a finished episode from its file, without loading hls.js', async () => {
    await act(async () => view.render(<AudioPlayer source={FILE} title="Bees" durationHint={95} />));
    expect(audio().getAttribute('src')).toBe(FILE.url);
    expect(fakeHlsInstances).toEqual([]);
    expect(totalLine()).toBe('0:00 /  of 1:35');
    expect(made()).toBeNull();
    expect(seekSlider().getAttribute('aria-valuetext')).toBe('0:00 of 1:35');
  });

  it('plays an episode while it is made: the stream through hls.js from the start, what is made in words and as a band', async () => {
    await act(async () => view.render(<AudioPlayer source={STREAM} title="Bees" growing={{ madeSeconds: 130, estimatedSeconds: 580 }} />));
    await waitFor(() => expect(fakeHlsInstances).toHaveLength(1));
    const [hls] = fakeHlsInstances;
    expect(hls).toMatchObject({ source: STREAM.url, media: audio(), destroyed: false });
    expect(hls!.settings).toMatchObject({ startPosition: 0, lowLatencyMode: false, liveDurationInfinity: false });

    expect(made()?.textContent).toBe('2:10 made of about 9:40');
    // One length while it grows: the made line's.
    expect(totalLine()).toBe('0:00');
    expect(seekSlider().max).toBe('580');
    expect(seekSlider().getAttribute('aria-valuetext')).toBe('0:00 of about 9:40, 2:10 made so far');
    // Played 0 %, made up to 130 / 580 of the track.
    expect(seekSlider().getAttribute('style')).toMatch(/brand-600\) 0%, .+ 0%, .+ 22\.41\d*%, var\(--color-slate-200\) 22\.41/);
  });

  it('keeps seeks within what is made, backwards and forwards', async () => {
    await act(async () => view.render(<AudioPlayer source={STREAM} title="Bees" growing={{ madeSeconds: 130, estimatedSeconds: 580 }} />));
    act(() => moveSlider(400));
    expect(audio().currentTime).toBe(130);
    act(() => moveSlider(90));
    expect(audio().currentTime).toBe(90);
    expect(seekSlider().getAttribute('aria-valuetext')).toBe('1:30 of about 9:40, 2:10 made so far');
  });

  it('plays on when the episode completes: the same stream, nothing attached again, the exact length', async () => {
    const render = (growing: { madeSeconds: number; estimatedSeconds: number } | null, durationHint: number | null) =>
      view.render(<AudioPlayer source={STREAM} title="Bees" growing={growing} durationHint={durationHint} autoPlay />);
    await act(async () => render({ madeSeconds: 130, estimatedSeconds: 580 }, null));
    await waitFor(() => expect(audio().paused).toBe(false));
    const element = audio();
    act(() => {
      element.currentTime = 75;
      element.dispatchEvent(new Event('timeupdate'));
    });

    await act(async () => render(null, 571));
    expect(audio()).toBe(element);
    expect(fakeHlsInstances).toHaveLength(1);
    expect(fakeHlsInstances[0]!.destroyed).toBe(false);
    expect(element.paused).toBe(false);
    expect(element.currentTime).toBe(75);
    expect(made()).toBeNull();
    expect(totalLine()).toBe('1:15 /  of 9:31');
    expect(seekSlider().getAttribute('aria-valuetext')).toBe('1:15 of 9:31');
  });

  it('starts by itself only once the stream is attached, when asked to', async () => {
    await act(async () => view.render(<AudioPlayer source={STREAM} title="Bees" growing={{ madeSeconds: 8, estimatedSeconds: null }} autoPlay />));
    await waitFor(() => expect(audio().paused).toBe(false));
    expect(fakeHlsInstances).toHaveLength(1);
    expect(made()?.textContent).toBe('0:08 made so far');
  });

  it('lets go of the stream when it goes away', async () => {
    await act(async () => view.render(<AudioPlayer source={STREAM} title="Bees" growing={{ madeSeconds: 8, estimatedSeconds: 60 }} />));
    await waitFor(() => expect(fakeHlsInstances).toHaveLength(1));
    act(() => view.render(null));
    expect(fakeHlsInstances[0]!.destroyed).toBe(true);
  });

  it('skips 15 s back and 30 s forward within what is made, sets the speed with pitch kept, and says what it did', async () => {
    const onRate = vi.fn();
    const chapters = [
      { title: 'Opening', startMs: 0, endMs: 60_000 },
      { title: 'The middle', startMs: 60_000, endMs: 130_000 },
    ];
    await act(async () =>
      view.render(
        <AudioPlayer source={STREAM} title="Bees" growing={{ madeSeconds: 130, estimatedSeconds: 580 }} playbackRate={1.5} onPlaybackRateChange={onRate} chapters={chapters} />,
      ),
    );
    const button = (name: string) => view.container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    const status = () => view.container.querySelector('[role="status"]')!.textContent;
    expect(audio().playbackRate).toBe(1.5);
    expect(audio().preservesPitch).toBe(true);

    act(() => button('Forward 30 seconds').click());
    expect(audio().currentTime).toBe(30);
    expect(status()).toBe('Forward 30 seconds, at 0:30');
    act(() => button('Back 15 seconds').click());
    expect(audio().currentTime).toBe(15);
    for (let i = 0; i < 5; i++) act(() => button('Forward 30 seconds').click());
    expect(audio().currentTime).toBe(130); // the end of what is made

    const speed = view.container.querySelector<HTMLSelectElement>('select')!;
    expect(speed.closest('label')!.textContent).toContain('Playback speed');
    expect([...speed.options].map((o) => o.textContent)).toEqual(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×', '2.5×', '3×']);
    act(() => {
      speed.value = '2';
      speed.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onRate).toHaveBeenCalledWith(2);
    expect(audio().playbackRate).toBe(2);
    expect(status()).toBe('Speed 2×');

    act(() => button('Previous chapter').click());
    expect(audio().currentTime).toBe(60);
    expect(status()).toBe('Chapter: The middle');
    act(() => button('Previous chapter').click());
    expect(audio().currentTime).toBe(0);
    expect(status()).toBe('Chapter: Opening');
    act(() => button('Next chapter').click());
    expect(audio().currentTime).toBe(60);
  });

  it('keeps a chapter chosen past what a stream has loaded, and goes there once the element knows that far', async () => {
    const chapters = [
      { title: 'Tide pools', startMs: 0, endMs: 40_000 },
      { title: 'Night trains', startMs: 40_000, endMs: 90_000 },
      { title: 'Query plans', startMs: 90_000, endMs: 146_000 },
    ];
    await act(async () => view.render(<AudioPlayer source={STREAM} title="Three sources" durationHint={146} chapters={chapters} />));
    // The element has read a playlist of its first part only: the browser would stop any seek at 3.8 s.
    let known = 3.8;
    let at = 0;
    Object.defineProperty(audio(), 'duration', { configurable: true, get: () => known });
    Object.defineProperty(audio(), 'currentTime', { configurable: true, get: () => at, set: (t: number) => void (at = Math.min(t, known)) });
    const button = (name: string) => view.container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    const shown = () => view.container.querySelector('[data-testid="current-chapter"]')!.textContent;

    act(() => button('Next chapter').click());
    expect(shown()).toBe('Night trains');
    act(() => button('Next chapter').click());
    expect(shown()).toBe('Query plans');
    // The old position's time updates do not take the chapter back.
    act(() => void audio().dispatchEvent(new Event('timeupdate')));
    expect(shown()).toBe('Query plans');

    known = 146;
    act(() => void audio().dispatchEvent(new Event('durationchange')));
    expect(audio().currentTime).toBe(90);
    expect(shown()).toBe('Query plans');
  });
});
