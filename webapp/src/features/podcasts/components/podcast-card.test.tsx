import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Podcast } from '../../../../../shared/api/podcasts.ts';
import { toStoredPodcast, usePodcastStore, type StoredPodcast } from '../stores/podcast-store.ts';
import { PodcastCard, type PodcastCardProps } from './podcast-card.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function podcast(changes: Partial<Podcast> = {}): Podcast {
  return {
    id: '1',
    title: 'What the Tide Pools Remember',
    content: 'Welcome to the show.\nTide pools are small worlds.\n\nThanks for listening.',
    image: '/podcast-cover.svg',
    progress: 100,
    status: 'ready',
    audioUrl: '/api/podcasts/1/audio?t=abc',
    eventsUrl: '/api/podcasts/1/events?t=abc',
    sourceUrl: 'http://127.0.0.1/articles/tide-pools',
    error: null,
    fallbackReason: null,
    voice: null,
    durationSeconds: 95,
    positionSeconds: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  };
}

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  localStorage.clear();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  usePodcastStore.setState({ owner: null, podcasts: [] });
});

/** Renders the card for the podcast as the store holds it, so live updates re-render it. */
function Card(props: Omit<PodcastCardProps, 'podcast'> & { id: string }) {
  const stored = usePodcastStore((s) => s.podcasts.find((p) => p.id === props.id));
  return stored ? <PodcastCard podcast={stored} {...props} /> : null;
}

function render(p: Podcast, props: Omit<PodcastCardProps, 'podcast'>) {
  usePodcastStore.getState().replacePodcasts(null, [toStoredPodcast(p)]);
  act(() =>
    root.render(
      <MemoryRouter>
        <Card id={p.id} {...props} />
      </MemoryRouter>,
    ),
  );
}

const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
const text = () => container.textContent ?? '';

async function waitFor(check: () => void, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await act(() => new Promise((r) => setTimeout(r, 20)));
    }
  }
}

function sseResponse(events: object[]): Response {
  const body = events.map((e) => `event: podcast\ndata: ${JSON.stringify(e)}\n\n`).join('');
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

describe('PodcastCard', () => {
  it("shows a free member the 'Free' badge and the 'Premium Feature' overlay instead of Download", () => {
    render(podcast(), { isPremium: false, showFreeBadge: true, showUpgradeOverlay: true });
    expect(text()).toContain('Free');
    expect(button('Download')).toBeUndefined();
    expect(text()).toContain('Premium Feature');
    const upgrade = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Upgrade to Download');
    expect(upgrade?.getAttribute('href')).toBe('/subscription/register');
    expect(button('Play')).toBeDefined();
  });

  it('gives a Premium member Download, disabled until the audio exists, and no badge or overlay', () => {
    render(podcast({ audioUrl: null, status: 'failed', error: 'The voice failed' }), {
      isPremium: true,
      showFreeBadge: false,
      showUpgradeOverlay: true,
    });
    expect(button('Download')?.disabled).toBe(true);
    expect(text()).not.toContain('Premium Feature');
    expect(container.querySelector('h3')?.nextElementSibling?.textContent).not.toContain('Free');

    act(() => usePodcastStore.getState().setAudioUrl('1', '/api/podcasts/1/audio'));
    expect(button('Download')?.disabled).toBe(false);
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

    render(podcast({ status: 'queued', progress: 0, audioUrl: null, content: '' }), {
      isPremium: true,
      showFreeBadge: false,
    });
    expect(text()).toContain('Waiting to start');
    expect(button('Play')).toBeUndefined();
    expect(button('View Transcript')?.disabled).toBe(true);

    await waitFor(() => expect(button('View Transcript')?.disabled).toBe(false));
    expect(button('Play')).toBeDefined();
    expect(container.querySelector('h3')?.textContent).toBe('Tide Pools');
    expect(container.querySelector('[role="progressbar"]')).toBeNull();
    expect(button('Download')?.disabled).toBe(false);
    expect(usePodcastStore.getState().podcasts[0]).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('shows a progress bar only while progress is between 0 and 100', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(podcast({ status: 'writing', progress: 35, audioUrl: null }), { isPremium: false, showFreeBadge: false });
    const bar = container.querySelector('[role="progressbar"]');
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

  it('opens the transcript in a modal titled Transcript, one paragraph per line', () => {
    render(podcast(), { isPremium: true, showFreeBadge: false });
    act(() => button('View Transcript')!.click());
    const dialog = container.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.querySelector('h2')?.textContent).toBe('Transcript');
    const paragraphs = [...dialog!.querySelectorAll('.space-y-4 > p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['Welcome to the show.', 'Tide pools are small worlds.', 'Thanks for listening.']);
    act(() => (dialog!.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click());
    expect(dialog?.open).toBe(false);
  });
});
