import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Podcast } from '../../../../../shared/api/podcasts.ts';
import { podcastFixture } from '../../../../../shared/testing/podcast-fixture.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { patchPodcast } from '../api/podcast-list.ts';
import { toStoredPodcast, type StoredPodcast } from '../api/podcast-storage.ts';
import { usePodcastList } from '../hooks/use-podcast-list.ts';
import { fakeHlsInstances, resetFakeHls } from '../../../testing/fake-hls.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { PodcastCard, type PodcastCardProps } from './podcast-card.tsx';

vi.mock('../../../lib/load-hls.ts', () => import('../../../testing/fake-hls.ts'));

const SCRIPT = 'Welcome to the show.\nTide pools are small worlds.\n\nThanks for listening.';

function podcast(changes: Partial<Podcast> = {}): Podcast {
  return podcastFixture({
    id: '1',
    title: 'What the Tide Pools Remember',
    hasScript: true,
    progress: 100,
    status: 'ready',
    audioUrl: '/api/podcasts/1/audio?t=abc',
    sourceUrl: 'http://127.0.0.1/articles/tide-pools',
    durationSeconds: 95,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  });
}

const view = mountEachTest({
  beforeMount: () => {
    localStorage.clear();
    resetFakeHls();
    // No server unless a test brings one: a Premium card asks for its bookmarks.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
  },
});

/** Renders the card for the podcast as the query cache holds it, so live updates re-render it. */
function Card(props: Omit<PodcastCardProps, 'podcast'> & { id: string }) {
  const cached = usePodcastList(null, { fetch: false }).podcasts.find((p) => p.id === props.id);
  return cached ? <PodcastCard podcast={cached} {...props} /> : null;
}

/** The podcast as the cache holds it now. */
const cached = (): StoredPodcast | undefined => view.queryClient.getQueryData<StoredPodcast[]>(podcastKeys.list(null))?.[0];

function render(p: Podcast, props: Omit<PodcastCardProps, 'podcast'>) {
  view.queryClient.setQueryData(podcastKeys.list(null), [toStoredPodcast(p)]);
  act(() =>
    view.render(
      <MemoryRouter>
        <Card id={p.id} {...props} />
      </MemoryRouter>,
    ),
  );
}

const button = (name: string) =>
  [...view.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
const text = () => view.container.textContent ?? '';

function sseResponse(events: object[]): Response {
  const body = events.map((e) => `event: podcast\ndata: ${JSON.stringify(e)}\n\n`).join('');
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** The voice list answered: American English, free, as the default, and `premium`. */
const voicesWith = (premium: { id: string; name: string; premium: boolean }) =>
  Response.json({ voices: [{ id: 'en-us', name: 'American English', premium: false }, premium], defaultVoice: 'en-us' });

describe('PodcastCard', () => {
  it("shows a free member the 'Free' badge and the 'Premium Feature' overlay instead of Download", () => {
    render(podcast(), { isPremium: false, showFreeBadge: true, showUpgradeOverlay: true });
    expect(text()).toContain('Free');
    expect(button('Download')).toBeUndefined();
    expect(text()).toContain('Premium Feature');
    const upgrade = [...view.container.querySelectorAll('a')].find((a) => a.textContent === 'Upgrade to Download');
    expect(upgrade?.getAttribute('href')).toBe('/subscription/register');
    expect(button('Play')).toBeDefined();
  });

  it('gives a Premium member Download, disabled until the audio exists, and no badge or overlay', async () => {
    render(podcast({ audioUrl: null, status: 'failed', error: 'The voice failed' }), {
      isPremium: true,
      showFreeBadge: false,
      showUpgradeOverlay: true,
    });
    expect(button('Download')?.disabled).toBe(true);
    expect(text()).not.toContain('Premium Feature');
    expect(view.container.querySelector('h3')?.nextElementSibling?.textContent).not.toContain('Free');

    act(() => patchPodcast(view.queryClient, '1', { audioUrl: '/api/podcasts/1/audio' }));
    await waitFor(() => expect(button('Download')?.disabled).toBe(false));
  });

  it('follows the event stream: the progress bar moves, then the player and transcript arrive', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/podcasts/1/events') {
        return sseResponse([
          { id: '1', status: 'speaking', progress: 60, title: 'Tide Pools', audioUrl: null, error: null },
          { id: '1', status: 'ready', progress: 100, title: 'Tide Pools', audioUrl: '/api/podcasts/1/audio', error: null },
        ]);
      }
      if (url === '/api/podcasts/1') {
        return Response.json(podcast({ title: 'Tide Pools', audioUrl: '/api/podcasts/1/audio' }));
      }
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);

    render(podcast({ status: 'queued', progress: 0, audioUrl: null, hasScript: false }), {
      isPremium: true,
      showFreeBadge: false,
    });
    expect(text()).toContain('Waiting to start');
    expect(button('Play')).toBeUndefined();
    expect(button('View Transcript')?.disabled).toBe(true);

    await waitFor(() => expect(button('View Transcript')?.disabled).toBe(false));
    expect(button('Play')).toBeDefined();
    expect(view.container.querySelector('h3')?.textContent).toBe('Tide Pools');
    expect(view.container.querySelector('[role="progressbar"]')).toBeNull();
    expect(button('Download')?.disabled).toBe(false);
    expect(cached()).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('lands its closing read of the podcast after the card already shows it ready', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/podcasts/1/events') {
          return sseResponse([{ id: '1', status: 'ready', progress: 100, title: 'Tide Pools', audioUrl: '/api/podcasts/1/audio', error: null }]);
        }
        if (url !== '/api/podcasts/1') return new Promise<Response>(() => {});
        // The read answers only once the ready card is on screen, and honours a cancel meanwhile.
        await new Promise<void>((resolve, reject) => {
          void released.then(resolve);
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        });
        return Response.json(podcast({ title: 'Tide Pools', audioUrl: '/api/podcasts/1/audio' }));
      }),
    );
    render(podcast({ status: 'queued', progress: 0, audioUrl: null, hasScript: false }), { isPremium: true, showFreeBadge: false });

    await waitFor(() => expect(button('Play')).toBeDefined());
    expect(button('View Transcript')?.disabled).toBe(true);
    release();
    await waitFor(() => expect(button('View Transcript')?.disabled).toBe(false));
    expect(cached()).toMatchObject({ status: 'ready', hasScript: true });
  });

  it("moves the card's progress as each event arrives, while the stream stays open", async () => {
    let send!: (event: object) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (event) => controller.enqueue(new TextEncoder().encode(`event: podcast\ndata: ${JSON.stringify(event)}\n\n`));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/podcasts/1/events' ? new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }) : new Promise<Response>(() => {}),
      ),
    );
    render(podcast({ status: 'queued', progress: 0, audioUrl: null, hasScript: false }), { isPremium: false, showFreeBadge: false });
    const bar = () => view.container.querySelector('[role="progressbar"]');
    expect(bar()).toBeNull();

    act(() => send({ id: '1', status: 'writing', progress: 20, title: 'Tide Pools', audioUrl: null, error: null }));
    await waitFor(() => expect(bar()?.getAttribute('aria-valuenow')).toBe('20'));
    expect(text()).toContain('Writing the script');
    expect(view.container.querySelector('h3')?.textContent).toBe('Tide Pools');

    act(() => send({ id: '1', status: 'speaking', progress: 65, title: 'Tide Pools', audioUrl: null, error: null }));
    await waitFor(() => expect(bar()?.getAttribute('aria-valuenow')).toBe('65'));
    expect(text()).toContain('Recording the audio');
    expect(text()).toContain('65%');
    expect(cached()).toMatchObject({ status: 'speaking', progress: 65 });
  });

  it('plays the episode while it is made, beside the moving progress, and plays on through its completion', async () => {
    let send!: (event: object) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (event) => controller.enqueue(new TextEncoder().encode(`event: podcast\ndata: ${JSON.stringify(event)}\n\n`));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/podcasts/1/events' ? new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }) : new Promise<Response>(() => {}),
      ),
    );
    const stream = '/api/podcasts/1/stream.m3u8?t=s1';
    const onAutoPlayed = vi.fn();
    render(podcast({ status: 'speaking', progress: 25, audioUrl: null, durationSeconds: null }), {
      isPremium: false,
      showFreeBadge: false,
      autoPlay: true,
      onAutoPlayed,
    });
    expect(view.container.querySelector('audio')).toBeNull();

    const growing = { id: '1', status: 'speaking', title: 'Tide Pools', audioUrl: null, durationSeconds: null, error: null };
    act(() => send({ ...growing, progress: 30, streamUrl: stream, audioSeconds: 12, estimatedSeconds: 580 }));
    // The member asked for it: it starts by itself, from the stream.
    await waitFor(() => expect(audio()?.paused).toBe(false));
    expect(onAutoPlayed).toHaveBeenCalled();
    expect(fakeHlsInstances.map((hls) => hls.source)).toEqual([stream]);
    expect(view.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('30');
    expect(view.container.querySelector('[data-testid="made"]')?.textContent).toBe('0:12 made of about 9:40');
    const element = audio();

    act(() => send({ ...growing, progress: 60, streamUrl: '/api/podcasts/1/stream.m3u8?t=s2', audioSeconds: 130, estimatedSeconds: 575 }));
    await waitFor(() => expect(view.container.querySelector('[data-testid="made"]')?.textContent).toBe('2:10 made of about 9:35'));
    expect(view.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('60');

    act(() =>
      send({
        ...growing,
        status: 'ready',
        progress: 100,
        audioUrl: '/api/podcasts/1/audio?t=a',
        streamUrl: '/api/podcasts/1/stream.m3u8?t=s3',
        audioSeconds: 571,
        estimatedSeconds: 571,
        durationSeconds: 571,
      }),
    );
    await waitFor(() => expect(view.container.querySelector('[role="progressbar"]')).toBeNull());
    // The same element plays the same stream on: no new source, no restart.
    expect(audio()).toBe(element);
    expect(element.paused).toBe(false);
    expect(fakeHlsInstances).toHaveLength(1);
    expect(fakeHlsInstances[0]!.destroyed).toBe(false);
    expect(view.container.querySelector('[data-testid="made"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="total"]')?.textContent).toBe('9:31');
    expect(cached()).toMatchObject({ status: 'ready', audioUrl: '/api/podcasts/1/audio?t=a', durationSeconds: 571 });
  });

  it('shows the complete transcript in the read-along opened in the last seconds of the making, once the podcast is ready', async () => {
    let send!: (event: object) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (event) => controller.enqueue(new TextEncoder().encode(`event: podcast\ndata: ${JSON.stringify(event)}\n\n`));
      },
    });
    const cue = (index: number, text: string) => ({ index, startMs: index * 30_000, endMs: (index + 1) * 30_000, text });
    let ready = false;
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    let reads = 0;
    const calls = fakeServer({
      'GET /api/podcasts/1/events': () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
      // The cues so far while the episode is made, all of them once it is ready. The first read is
      // made while the episode is made and answered only after the podcast turned ready.
      'GET /api/podcasts/1/transcript.json': async () => {
        const answer = Response.json({
          complete: ready,
          cues: [cue(0, 'Welcome to the show.'), cue(1, 'Tide pools are small worlds.'), ...(ready ? [cue(2, 'Thanks for listening.')] : [])],
          chapters: [],
        });
        if (reads++ === 0) await firstAnswered;
        return answer;
      },
      'GET /api/podcasts/1': () => Response.json(podcast({ audioUrl: '/api/podcasts/1/audio?t=a', streamUrl: '/api/podcasts/1/stream.m3u8?t=s3', audioSeconds: 95 })),
    });
    const stream = '/api/podcasts/1/stream.m3u8?t=s1';
    render(podcast({ status: 'speaking', progress: 88, audioUrl: null, streamUrl: stream, audioSeconds: 84, estimatedSeconds: 95, durationSeconds: null }), {
      isPremium: false,
      showFreeBadge: false,
    });
    act(() => button('Read along')!.click());
    const readAlong = () => view.container.querySelector('[data-testid="read-along"]')?.textContent ?? '';
    await waitFor(() => expect(reads).toBe(1));

    ready = true;
    act(() =>
      send({
        id: '1',
        status: 'ready',
        progress: 100,
        title: 'What the Tide Pools Remember',
        audioUrl: '/api/podcasts/1/audio?t=a',
        streamUrl: '/api/podcasts/1/stream.m3u8?t=s2',
        audioSeconds: 95,
        estimatedSeconds: 95,
        durationSeconds: 95,
        error: null,
      }),
    );
    await waitFor(() => expect(view.container.querySelector('[role="progressbar"]')).toBeNull());
    answerFirst();
    await waitFor(() => expect(readAlong()).toContain('Thanks for listening.'));
    expect(readAlong()).toContain('Tide pools are small worlds.');
    expect(readAlong()).not.toContain('More follows');
    expect(calls.filter((c) => c.path === '/api/podcasts/1/transcript.json').length).toBe(2);
  });

  it('attaches the player to a new podcast\'s stream at once when the member just asked for it, and only then', async () => {
    const stream = '/api/podcasts/1/stream.m3u8?t=s1';
    const coming = podcast({ status: 'queued', progress: 0, audioUrl: null, streamUrl: stream, audioSeconds: null, durationSeconds: null });
    render(coming, { isPremium: false, showFreeBadge: false });
    // Nothing is made yet: a card nobody asked to play shows no player.
    expect(view.container.querySelector('audio')).toBeNull();
    expect(fakeHlsInstances).toEqual([]);

    const onAutoPlayed = vi.fn();
    render(coming, { isPremium: false, showFreeBadge: false, autoPlay: true, onAutoPlayed });
    // Asked for: the player takes the stream before its first part exists, and plays as it comes.
    await waitFor(() => expect(audio()?.paused).toBe(false));
    expect(fakeHlsInstances.map((hls) => hls.source)).toEqual([stream]);
    expect(view.container.querySelector('[data-testid="made"]')?.textContent).toBe('0:00 made so far');
    act(() => patchPodcast(view.queryClient, '1', { status: 'speaking', progress: 30, streamUrl: '/api/podcasts/1/stream.m3u8?t=s2', audioSeconds: 4, estimatedSeconds: 300 }));
    await waitFor(() => expect(view.container.querySelector('[data-testid="made"]')?.textContent).toBe('0:04 made of about 5:00'));
    // The same stream plays on: no second player.
    expect(fakeHlsInstances).toHaveLength(1);
  });

  it('keeps the part made of a podcast that failed playable, labelled unfinished with the reason', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(
      podcast({
        status: 'failed',
        progress: 60,
        audioUrl: null,
        streamUrl: '/api/podcasts/1/stream.m3u8?t=s',
        audioSeconds: 95,
        estimatedSeconds: 580,
        durationSeconds: null,
        error: 'The voice stopped answering',
      }),
      { isPremium: false, showFreeBadge: false },
    );
    const header = view.container.querySelector('h3')!.parentElement!.textContent;
    expect(header).toContain('Unfinished');
    expect(header).not.toContain('Failed');
    expect(text()).toContain('Unfinished: The voice stopped answering');
    expect(text()).toContain('The part made before it stopped can still be played.');
    expect(button('Try again')).toBeDefined();
    expect(button('Play')).toBeDefined();
    // Not growing any more: no estimate, the stream's own (final) length.
    expect(view.container.querySelector('[data-testid="made"]')).toBeNull();
  });

  it('shows a progress bar only while progress is between 0 and 100', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(podcast({ status: 'writing', progress: 35, audioUrl: null }), { isPremium: false, showFreeBadge: false });
    const bar = view.container.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('35');
    expect(text()).toContain('Writing the script');
  });

  it('shows why a podcast failed and tries it again', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/podcasts/1/retry' && init?.method === 'POST') {
        return Response.json(podcast({ status: 'queued', progress: 0, audioUrl: null, error: null }));
      }
      return new Promise<Response>(() => {});
    });
    vi.stubGlobal('fetch', fetchMock);
    render(podcast({ status: 'failed', audioUrl: null, error: 'The speech engine stopped' }), {
      isPremium: false,
      showFreeBadge: false,
    });
    expect(text()).toContain('The speech engine stopped');

    await act(async () => button('Try again')!.click());
    await waitFor(() => expect(text()).toContain('Waiting to start'));
    expect(text()).not.toContain('The speech engine stopped');
    expect(fetchMock).toHaveBeenCalledWith('/api/podcasts/1/retry', expect.objectContaining({ method: 'POST' }));
  });

  it('opens the transcript in a modal titled Transcript, one paragraph per line, read from the script when it opens', async () => {
    const scriptReads = vi.fn(() => Response.json({ title: 'What the Tide Pools Remember', script: SCRIPT }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => (String(input) === '/api/podcasts/1/script' ? scriptReads() : new Promise<Response>(() => {}))),
    );
    render(podcast(), { isPremium: true, showFreeBadge: false });
    expect(scriptReads).not.toHaveBeenCalled();
    act(() => button('View Transcript')!.click());
    const dialog = view.container.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.querySelector('h2')?.textContent).toBe('Transcript');
    const paragraphs = () => [...dialog!.querySelectorAll('.space-y-4 > p')].map((p) => p.textContent);
    await waitFor(() => expect(paragraphs()).toEqual(['Welcome to the show.', 'Tide pools are small worlds.', 'Thanks for listening.']));
    expect(scriptReads).toHaveBeenCalledTimes(1);
    act(() => (dialog!.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click());
    expect(dialog?.open).toBe(false);
  });
});

/** A fake server: answers by "METHOD path" and records every request it was sent. */
function fakeServer(routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    return route ? route(body) : new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const audio = () => view.container.querySelector('audio')!;
const link = (name: string) => [...view.container.querySelectorAll('a')].find((a) => a.textContent?.trim() === name);

function typeInto(input: HTMLInputElement, value: string) {
  // React tracks the value it last set; go around it so the change event is seen as new.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('PodcastCard: resume, bookmarks, sharing, voices and deleting', () => {
  it("offers 'Resume from m:ss' for a saved position and seeks and plays from there", async () => {
    fakeServer({});
    render(podcast({ positionSeconds: 40.4, durationSeconds: 95 }), { isPremium: false, showFreeBadge: false });
    await act(async () => button('Resume from 0:40')!.click());
    expect(audio().currentTime).toBe(40.4);
    expect(audio().paused).toBe(false);
    expect(button('Resume from 0:40')).toBeUndefined();
  });

  it.each([
    ['at the start', 2],
    ['near the end', 90],
  ])('offers no resume for a position %s', (_, positionSeconds) => {
    fakeServer({});
    render(podcast({ positionSeconds, durationSeconds: 95 }), { isPremium: false, showFreeBadge: false });
    expect(text()).not.toContain('Resume from');
  });

  it('saves the position on pause, for a member who is not Premium too', async () => {
    const calls = fakeServer({ 'PUT /api/podcasts/1/position': () => Response.json({ success: true }) });
    render(podcast(), { isPremium: false, showFreeBadge: false });
    await act(async () => {
      await audio().play();
      audio().currentTime = 31.26;
      audio().pause();
    });
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/podcasts/1/position', body: { positionSeconds: 31.3 } });
    await waitFor(() => expect(cached()?.positionSeconds).toBe(31.3));
  });

  it('lets a Premium member share a podcast as soon as its first part is made; a new voice waits until it is ready', async () => {
    fakeServer({});
    render(podcast({ status: 'speaking', progress: 10, audioUrl: null, streamUrl: null }), { isPremium: true, showFreeBadge: false });
    expect(button('Share')).toBeUndefined();
    act(() => patchPodcast(view.queryClient, '1', { streamUrl: '/api/podcasts/1/stream.m3u8?t=s', audioSeconds: 6, estimatedSeconds: 300 }));
    await waitFor(() => expect(button('Share')).toBeDefined());
    expect(button('Change voice')).toBeUndefined();
  });

  it('gives a free member no bookmarks, Share or Change voice, and asks nothing of those endpoints', () => {
    const calls = fakeServer({});
    render(podcast(), { isPremium: false, showFreeBadge: true });
    expect(text()).not.toContain('Bookmarks');
    expect(button('Share')).toBeUndefined();
    expect(button('Change voice')).toBeUndefined();
    expect(calls.filter((c) => c.path.includes('bookmarks') || c.path.includes('voices'))).toEqual([]);
  });

  it('lists the bookmarks by position, seeks to one when clicked, adds one at the player position and deletes one', async () => {
    const calls = fakeServer({
      'GET /api/voices': () => Response.json({ voices: [{ id: 'en-us', name: 'American English', premium: false }], defaultVoice: 'en-us' }),
      'GET /api/podcasts/1/bookmarks': () =>
        Response.json({
          bookmarks: [
            { id: 'b2', positionSeconds: 70, note: null, createdAt: '2025-01-01T00:00:00.000Z' },
            { id: 'b1', positionSeconds: 12.5, note: 'The first pool', createdAt: '2025-01-01T00:00:00.000Z' },
          ],
        }),
      'POST /api/podcasts/1/bookmarks': (body) =>
        Response.json({ id: 'b3', positionSeconds: (body as { positionSeconds: number }).positionSeconds, note: 'Anemones', createdAt: '2025-01-01T00:00:00.000Z' }, { status: 201 }),
      'DELETE /api/podcasts/1/bookmarks/b1': () => Response.json({ success: true }),
    });
    render(podcast(), { isPremium: true, showFreeBadge: false });
    await waitFor(() => expect(text()).toContain('The first pool'));
    const items = () => [...view.container.querySelectorAll('li button:first-child')].map((b) => b.textContent);
    expect(items()).toEqual(['Go to 0:12 The first pool', 'Go to 1:10 No note']);

    act(() => button('Go to 0:12 The first pool')!.click());
    expect(audio().currentTime).toBe(12.5);

    audio().currentTime = 33.2;
    act(() => button('Add bookmark')!.click());
    const note = view.container.querySelector<HTMLInputElement>('input[placeholder="What happens here?"]')!;
    expect(document.activeElement).toBe(note);
    expect(view.container.querySelector(`label[for="${note.id}"]`)?.textContent).toBe('Note at 0:33 (optional)');
    act(() => typeInto(note, 'Anemones'));
    await act(async () => note.form!.requestSubmit());
    await waitFor(() => expect(items()).toEqual(['Go to 0:12 The first pool', 'Go to 0:33 Anemones', 'Go to 1:10 No note']));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/podcasts/1/bookmarks', body: { positionSeconds: 33.2, note: 'Anemones' } });

    await act(async () => button('Delete bookmark at 0:12')!.click());
    await waitFor(() => expect(items()).toEqual(['Go to 0:33 Anemones', 'Go to 1:10 No note']));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/podcasts/1/bookmarks/b1')).toBe(true);
  });

  it('keeps a bookmark the server refused out of the list', async () => {
    fakeServer({
      'GET /api/podcasts/1/bookmarks': () => Response.json({ bookmarks: [] }),
      'POST /api/podcasts/1/bookmarks': () =>
        Response.json({ success: false, error: { code: 'PREMIUM_REQUIRED', message: 'Upgrade to Premium to use bookmarks' } }, { status: 403 }),
    });
    render(podcast(), { isPremium: true, showFreeBadge: false });
    await waitFor(() => expect(text()).toContain('Mark a moment'));
    act(() => button('Add bookmark')!.click());
    await act(async () => view.container.querySelector('form')!.requestSubmit());
    await waitFor(() => expect(button('Save bookmark')?.disabled).toBe(false));
    expect(view.container.querySelectorAll('li')).toHaveLength(0);
  });

  it('shares: the dialog shows the public link, and Stop sharing revokes it', async () => {
    const calls = fakeServer({
      'POST /api/podcasts/1/share': () => Response.json({ url: 'http://pagecast.test/shared/abc' }),
      'DELETE /api/podcasts/1/share': () => Response.json({ success: true }),
      'GET /api/podcasts/1/bookmarks': () => Response.json({ bookmarks: [] }),
    });
    render(podcast(), { isPremium: true, showFreeBadge: false });
    act(() => button('Share')!.click());
    const dialog = [...view.container.querySelectorAll('dialog')].find((d) => d.open)!;
    expect(dialog.querySelector('h2')?.textContent).toBe('Share podcast');
    await waitFor(() => expect(dialog.querySelector<HTMLInputElement>('input[readonly]')?.value).toBe('http://pagecast.test/shared/abc'));
    expect(link('Open the shared page(opens in a new tab)')?.getAttribute('href')).toBe('http://pagecast.test/shared/abc');
    const header = () => view.container.querySelector('h3')!.parentElement!.textContent;
    await waitFor(() => expect(header()).toContain('Shared'));
    expect(cached()?.shareUrl).toBe('http://pagecast.test/shared/abc');

    await act(async () => button('Stop sharing')!.click());
    await waitFor(() => expect(dialog.open).toBe(false));
    await waitFor(() => expect(header()).not.toContain('Shared'));
    expect(cached()?.shareUrl).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/podcasts/1/share')).toBe(true);
  });

  it('names the voice a podcast was spoken in: an embedded English voice gives way to one of the article’s language', async () => {
    fakeServer({
      'GET /api/voices': () => voicesWith({ id: 'en-gb-female', name: 'British English (female)', premium: true }),
      'GET /api/podcasts/1/bookmarks': () => Response.json({ bookmarks: [] }),
    });
    render(podcast({ voice: null, language: 'fr' }), { isPremium: true, showFreeBadge: false });
    await waitFor(() => expect(text()).toContain('Voice: French'));
    expect(text()).not.toContain('Voice: American English');
    act(() => view.render(<></>));
    render(podcast({ voice: 'en-gb-female', language: 'de' }), { isPremium: true, showFreeBadge: false });
    await waitFor(() => expect(text()).toContain('Voice: German (female)'));
    act(() => view.render(<></>));
    render(podcast({ voice: 'en-us', language: 'en' }), { isPremium: true, showFreeBadge: false });
    await waitFor(() => expect(text()).toContain('Voice: American English'));
    // A free member, who cannot pick a voice, is told it too.
    act(() => view.render(<></>));
    render(podcast({ voice: 'en-gb-female', language: 'en' }), { isPremium: false, showFreeBadge: true });
    await waitFor(() => expect(text()).toContain('Voice: British English (female)'));
  });

  it('re-voices a ready podcast: the card goes back to converting with the new voice', async () => {
    const calls = fakeServer({
      'GET /api/voices': () => voicesWith({ id: 'en-gb', name: 'British English', premium: true }),
      'GET /api/podcasts/1/bookmarks': () => Response.json({ bookmarks: [] }),
      // As the server answers: back in the queue, still naming the last episode's stream.
      'POST /api/podcasts/1/voice': () =>
        Response.json(podcast({ status: 'queued', progress: 40, audioUrl: null, streamUrl: '/api/podcasts/1/stream.m3u8?t=old', audioSeconds: 95, voice: 'en-gb' })),
    });
    render(podcast({ voice: 'en-us' }), { isPremium: true, showFreeBadge: false });
    act(() => button('Change voice')!.click());
    const select = () => [...view.container.querySelectorAll('select')].find((s) => s.closest('dialog')?.open)!;
    await waitFor(() => expect(select().disabled).toBe(false));
    expect(button('Make new audio')?.disabled).toBe(true);
    act(() => {
      select().value = 'en-gb';
      select().dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => button('Make new audio')!.click());
    await waitFor(() => expect(text()).toContain('Waiting to start'));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/podcasts/1/voice', body: { voice: 'en-gb' } });
    // Nothing plays until the new voice has spoken: neither the old file nor the old stream.
    expect(button('Play')).toBeUndefined();
    expect(view.container.querySelector('audio')).toBeNull();
    expect(fakeHlsInstances).toEqual([]);
    expect(cached()).toMatchObject({ status: 'queued', voice: 'en-gb' });
  });

  it('deletes a podcast only after the confirmation', async () => {
    const calls = fakeServer({ 'DELETE /api/podcasts/1': () => Response.json({ success: true }) });
    render(podcast(), { isPremium: false, showFreeBadge: false });
    act(() => button('Delete podcast')!.click());
    act(() => button('Cancel')!.click());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    act(() => button('Delete podcast')!.click());
    const confirm = [...view.container.querySelectorAll('dialog')].find((d) => d.open)!.querySelector<HTMLButtonElement>('button.bg-red-600')!;
    await act(async () => confirm.click());
    await waitFor(() => expect(cached()).toBeUndefined());
    expect(view.queryClient.getQueryData(podcastKeys.list(null))).toEqual([]);
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/podcasts/1', body: undefined });
  });
});
