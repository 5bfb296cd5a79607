import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountEachTest } from '../../testing/mount.ts';
import type { Playback } from '../../storage.ts';
import { NowPlaying } from './now-playing.tsx';

const sent = vi.hoisted(() => [] as unknown[][]);
vi.mock('../../messaging.ts', () => ({
  sendMessage: vi.fn(async (...args: unknown[]) => {
    sent.push(args);
    return { ok: true, value: null };
  }),
}));

const view = mountEachTest();

beforeEach(() => {
  sent.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

const playback = (change: Partial<Playback> = {}): Playback => ({
  podcastId: 'p1',
  title: 'What the Tide Pools Remember',
  src: 'http://localhost:8787/api/podcasts/p1/stream.m3u8?t=signed',
  kind: 'stream',
  status: 'paused',
  position: 65,
  duration: 126,
  growing: { madeSeconds: 130, estimatedSeconds: 580 },
  unfinished: false,
  error: null,
  updatedAt: Date.now(),
  ...change,
});

const slider = () => view.container.querySelector<HTMLInputElement>('input[aria-label="Seek"]')!;
const button = (name: string) => view.container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;

describe("the popup's player", () => {
  it('shows an episode being made: what exists of about how long, on the seek bar and in words', () => {
    act(() => view.root.render(<NowPlaying playback={playback()} />));
    expect(view.container.textContent).toContain('2:10 made of about 9:40');
    expect(view.container.querySelector('[aria-label="Total time"]')?.textContent).toBe('about 9:40');
    expect(slider().max).toBe('580');
    expect(slider().getAttribute('aria-valuetext')).toBe('1:05 of about 9:40, 2:10 made so far');
    expect(slider().style.getPropertyValue('--made')).toMatch(/^22\.4\d*%$/);
  });

  it('moves forward only up to what is made', async () => {
    vi.useFakeTimers();
    act(() => view.root.render(<NowPlaying playback={playback({ position: 125 })} />));
    act(() => button('Forward 30 seconds').click());
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toContainEqual(['controlPlayback', { action: 'seek', position: 130 }]);
  });

  it('moves on from the place it sent while the player has not yet reported it', async () => {
    vi.useFakeTimers();
    const stale = playback({ kind: 'file', growing: null, duration: 571 });
    act(() => view.root.render(<NowPlaying playback={stale} />));
    act(() => button('Back 15 seconds').click());
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The player's report is not in yet: the same playback, still at 65 s.
    act(() => view.root.render(<NowPlaying playback={{ ...stale }} />));
    expect(slider().value).toBe('50');
    act(() => button('Back 15 seconds').click());
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent.filter(([, command]) => (command as { action: string }).action === 'seek')).toEqual([
      ['controlPlayback', { action: 'seek', position: 50 }],
      ['controlPlayback', { action: 'seek', position: 35 }],
    ]);
    // Once the player reports the place, the clock takes over again.
    act(() => view.root.render(<NowPlaying playback={{ ...stale, position: 35.2, updatedAt: Date.now() }} />));
    expect(slider().value).toBe('35.2');
  });

  it('shows a finished episode as before, and the part made of an unfinished one', () => {
    act(() => view.root.render(<NowPlaying playback={playback({ kind: 'file', growing: null, duration: 571 })} />));
    expect(view.container.textContent).not.toContain('made');
    expect(view.container.querySelector('[aria-label="Total time"]')?.textContent).toBe('9:31');
    expect(slider().getAttribute('aria-valuetext')).toBe('1:05 of 9:31');

    act(() => view.root.render(<NowPlaying playback={playback({ growing: null, unfinished: true, duration: 130 })} />));
    expect(view.container.textContent).toContain('Unfinished: this is the part made before the podcast failed.');
    expect(view.container.querySelector('[aria-label="Total time"]')?.textContent).toBe('2:10');
  });

  it('answers the web app’s keyboard shortcuts, except in its own fields', async () => {
    vi.useFakeTimers();
    act(() => view.root.render(<NowPlaying playback={playback({ kind: 'file', growing: null, duration: 571 })} />));
    const press = async (key: string, target: Element = document.body) => {
      act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
      await act(() => vi.advanceTimersByTimeAsync(200));
    };
    await press('j');
    expect(sent).toContainEqual(['controlPlayback', { action: 'seek', position: 50 }]);
    await press('k');
    expect(sent).toContainEqual(['controlPlayback', { action: 'resume' }]);
    await press('>');
    expect(sent).toContainEqual(['controlPlayback', { action: 'rate', rate: 1.25 }]);
    // In the speed list the keys are the list's own, and Space on a button presses that button.
    sent.length = 0;
    await press('k', view.container.querySelector('select')!);
    await press(' ', button('Back 15 seconds'));
    expect(sent).toEqual([]);
    expect(view.container.querySelector('[aria-label="Now playing"]')!.getAttribute('aria-describedby')).toBeTruthy();
  });

  it("shows the speed, and a new one goes to the player", async () => {
    act(() => view.root.render(<NowPlaying playback={playback({ rate: 1.5 })} />));
    const speed = view.container.querySelector<HTMLSelectElement>('select[aria-label="Playback speed"]')!;
    expect(speed.value).toBe('1.5');
    expect([...speed.options].map((o) => o.textContent)).toEqual(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×', '2.5×', '3×']);
    await act(async () => {
      speed.value = '2';
      speed.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(sent).toContainEqual(['controlPlayback', { action: 'rate', rate: 2 }]);
  });

  it("names the chapter playing and steps to the previous and next chapter's start", async () => {
    vi.useFakeTimers();
    const chapters = [
      { title: 'The shore', startMs: 0, endMs: 40_000 },
      { title: 'The pools', startMs: 40_000, endMs: 90_000 },
      { title: 'The future', startMs: 90_000, endMs: 126_000 },
    ];
    act(() => view.root.render(<NowPlaying playback={playback({ kind: 'file', growing: null, chapters })} />));
    expect(view.container.querySelector('[aria-label="Chapter"]')?.textContent).toBe('The pools');
    act(() => button('Next chapter').click());
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toContainEqual(['controlPlayback', { action: 'seek', position: 90 }]);
    act(() => button('Previous chapter').click());
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toContainEqual(['controlPlayback', { action: 'seek', position: 40 }]);
  });

  it('has no chapter controls for an episode of one chapter or none, and skips back 15 and forward 30 seconds', async () => {
    vi.useFakeTimers();
    const whole = [{ title: 'What the Tide Pools Remember', startMs: 0, endMs: 126_000 }];
    act(() => view.root.render(<NowPlaying playback={playback({ kind: 'file', growing: null, chapters: whole })} />));
    expect(view.container.querySelector('[aria-label="Chapter"]')).toBeNull();
    act(() => view.root.render(<NowPlaying playback={playback({ kind: 'file', growing: null })} />));
    expect(view.container.querySelector('[aria-label="Chapter"]')).toBeNull();
    act(() => button('Back 15 seconds').click());
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toContainEqual(['controlPlayback', { action: 'seek', position: 50 }]);
    // From the place just sent (the player has not reported it yet): 65 − 15 + 30.
    act(() => button('Forward 30 seconds').click());
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toContainEqual(['controlPlayback', { action: 'seek', position: 80 }]);
  });
});
