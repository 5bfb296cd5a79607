import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeHlsInstances, resetFakeHls } from '../../../testing/fake-hls.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { SharedPodcast } from './shared-podcast.tsx';

vi.mock('../../../lib/load-hls.ts', () => import('../../../testing/fake-hls.ts'));

const view = mountEachTest({ beforeMount: resetFakeHls });

/** No timed sentences unless a test gives some. */
const untimed = () => Response.json({ complete: false, cues: [], chapters: [] });

/** The script the page reads on its own: `Hello.` unless a test gives one. */
const scriptOf = (script: string) => () => Response.json({ title: 'T', script });

/**
 * Renders the page; `fetchMock` answers the page's own requests, `transcript` the timed transcript's,
 * `script` the script's (`scripts` counts those).
 */
async function renderShared(answer: Response, transcript: () => Response = untimed, script: () => Response = scriptOf('Hello.')) {
  const fetchMock = vi.fn(async (..._args: unknown[]) => answer);
  const scripts = vi.fn(script);
  vi.stubGlobal('fetch', async (input: unknown, init?: unknown) =>
    String(input).includes('/transcript') ? transcript() : String(input).endsWith('/script') ? scripts() : fetchMock(input, init),
  );
  await act(async () =>
    view.render(
      <MemoryRouter>
        <SharedPodcast token="tok_123" />
      </MemoryRouter>,
    ),
  );
  return Object.assign(fetchMock, { scripts });
}

describe('the shared podcast page', () => {
  it('shows the title, the player on the public audio and the script, read on its own, when nothing is timed', async () => {
    const fetchMock = await renderShared(
      Response.json({
        title: 'What the Tide Pools Remember',
        image: '/podcast-cover.svg',
        audioUrl: '/api/shared/tok_123/audio',
        durationSeconds: 95,
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
      untimed,
      scriptOf('Welcome.\nTide pools are small worlds.'),
    );
    await waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe('What the Tide Pools Remember'));
    expect(document.title).toBe('What the Tide Pools Remember · Pagecast');
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/shared/tok_123');
    expect(view.container.querySelector('audio')?.getAttribute('src')).toBe('/api/shared/tok_123/audio');
    expect(view.container.querySelector('[data-testid="total"]')?.textContent).toBe('1:35');
    const transcript = view.container.querySelector('section[aria-labelledby="shared-transcript"]')!;
    await waitFor(() => expect([...transcript.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Welcome.', 'Tide pools are small worlds.']));
    expect(fetchMock.scripts).toHaveBeenCalledTimes(1);
  });

  it('reads along: the sentence spoken is highlighted, a click plays from a sentence, chapters in the player', async () => {
    const cues = [
      { index: 0, startMs: 0, endMs: 2000, text: 'Welcome.', chapter: 'Opening' },
      { index: 1, startMs: 2000, endMs: 5000, text: 'Tide pools are small worlds.' },
      { index: 2, startMs: 5000, endMs: 9000, text: 'They empty twice a day.', chapter: 'Tides' },
    ];
    const chapters = [
      { title: 'Opening', startMs: 0, endMs: 5000 },
      { title: 'Tides', startMs: 5000, endMs: 9000 },
    ];
    const fetchMock = await renderShared(
      Response.json({
        title: 'Tide Pools',
        image: '/podcast-cover.svg',
        audioUrl: '/api/shared/tok_123/audio',
        durationSeconds: 9,
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
      () => Response.json({ complete: true, cues, chapters }),
    );
    const region = () => view.container.querySelector('[data-testid="read-along"]');
    await waitFor(() => expect(region()?.textContent).toContain('They empty twice a day.'));
    // Timed sentences stand for the script, which is not read.
    expect(fetchMock.scripts).not.toHaveBeenCalled();
    expect([...region()!.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(['Opening', 'Tides']);
    const current = () => region()!.querySelector('[aria-current="true"]')?.textContent;
    expect(current()).toBe('Welcome.');

    const audio = view.container.querySelector('audio')!;
    await act(async () => {
      audio.currentTime = 3;
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(current()).toBe('Tide pools are small worlds.');
    expect(view.container.querySelector('[data-testid="current-chapter"]')?.textContent).toBe('Opening');

    const sentence = [...region()!.querySelectorAll<HTMLElement>('[role="button"]')].find((s) => s.textContent === 'They empty twice a day.')!;
    await act(async () => sentence.click());
    expect(audio.currentTime).toBe(5);
    await act(async () => audio.dispatchEvent(new Event('timeupdate')));
    expect(current()).toBe('They empty twice a day.');
    expect(view.container.querySelector('[data-testid="current-chapter"]')?.textContent).toBe('Tides');
  });

  it('shows a code block read mode announced, after its sentence, as text that is not spoken', async () => {
    const code = 'if (res instanceof Response) {\n  return res.ok;\n}';
    const cues = [
      { index: 0, startMs: 0, endMs: 2000, text: 'Check the answer.' },
      { index: 1, startMs: 2000, endMs: 5000, text: 'A code example of 3 lines follows in the article.', shown: code },
      { index: 2, startMs: 5000, endMs: 7000, text: 'Then it is done.' },
    ];
    await renderShared(
      Response.json({
        title: 'Fetch',
        image: '/podcast-cover.svg',
        audioUrl: '/api/shared/tok_123/audio',
        durationSeconds: 7,
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
      () => Response.json({ complete: true, cues, chapters: [] }),
    );
    const region = () => view.container.querySelector('[data-testid="read-along"]');
    await waitFor(() => expect(region()?.textContent).toContain('Then it is done.'));
    expect([...region()!.querySelectorAll('[data-unspoken]')].map((block) => block.textContent)).toEqual([code]);
    // The sentences a click plays from are the spoken ones only.
    expect([...region()!.querySelectorAll('[role="button"]')].map((s) => s.textContent)).toEqual(cues.map((c) => c.text));
  });

  it('says the podcast is no longer shared once the link answers 404', async () => {
    await renderShared(
      Response.json(
        { success: false, error: { code: 'NOT_FOUND', message: 'This shared podcast does not exist or is no longer shared' } },
        { status: 404 },
      ),
    );
    await waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe('This podcast is no longer shared'));
    expect(view.container.querySelector('audio')).toBeNull();
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('offers to try again when the server fails', async () => {
    const fetchMock = await renderShared(new Response('', { status: 503 }));
    await waitFor(() => expect(view.container.textContent).toContain('The podcast could not be loaded'));
    const tryAgain = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;

    fetchMock.mockImplementation(async () =>
      Response.json({ title: 'Back again', image: '/podcast-cover.svg', audioUrl: '/api/shared/tok_123/audio', durationSeconds: 5, createdAt: '2025-01-01T00:00:00.000Z' }),
    );
    await act(async () => tryAgain.click());
    await waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe('Back again'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('plays a podcast opened while it is made, asks again every 2 seconds, and plays on once it is complete', async () => {
    const shared = {
      title: 'What the Tide Pools Remember',
      image: '/podcast-cover.svg',
      audioUrl: null,
      streamUrl: null,
      complete: false,
      audioSeconds: null,
      estimatedSeconds: 580,
      durationSeconds: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    const answers = [
      shared,
      { ...shared, streamUrl: '/api/shared/tok_123/stream.m3u8', audioSeconds: 14 },
      { ...shared, streamUrl: '/api/shared/tok_123/stream.m3u8', audioSeconds: 130 },
      { ...shared, audioUrl: '/api/shared/tok_123/audio', streamUrl: '/api/shared/tok_123/stream.m3u8', complete: true, audioSeconds: 571, estimatedSeconds: 571, durationSeconds: 571 },
    ];
    // Time runs as usual, and jumps ahead where the test waits for the page's next check.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const nextCheck = () => act(() => vi.advanceTimersByTimeAsync(2000));
    try {
      const fetchMock = await renderShared(Response.json(answers[0]));
      fetchMock.mockImplementation(async () => Response.json(answers[Math.min(fetchMock.mock.calls.length - 1, answers.length - 1)]));

      await waitFor(() => expect(view.container.querySelector('[role="status"]')?.textContent).toContain('It starts playing here in a moment'));
      expect(view.container.textContent).toContain('Still being made');
      expect(view.container.textContent).toContain('About 9:40');

      await nextCheck();
      await waitFor(() => expect(fakeHlsInstances.map((hls) => hls.source)).toEqual(['/api/shared/tok_123/stream.m3u8']));
      const element = view.container.querySelector('audio')!;
      await nextCheck();
      await waitFor(() => expect(view.container.querySelector('[data-testid="made"]')?.textContent).toBe('2:10 made of about 9:40'));

      await nextCheck();
      await waitFor(() => expect(view.container.textContent).not.toContain('Still being made'));
      expect(view.container.querySelector('audio')).toBe(element);
      expect(fakeHlsInstances).toHaveLength(1);
      expect(fakeHlsInstances[0]!.destroyed).toBe(false);
      expect(view.container.querySelector('[data-testid="total"]')?.textContent).toBe('9:31');
      // Complete: no more asking.
      const asked = fetchMock.mock.calls.length;
      await nextCheck();
      await nextCheck();
      expect(fetchMock.mock.calls.length).toBe(asked);
    } finally {
      vi.useRealTimers();
    }
  });
});
