import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Podcast } from '../../../../../shared/api/podcasts.ts';
import { STORAGE_KEYS } from '../../../../../shared/constants.ts';
import { podcastFixture } from '../../../../../shared/testing/podcast-fixture.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { keepPodcastListsStored } from '../api/podcast-storage.ts';
import { YourPodcasts } from './your-podcasts.tsx';

const OWNER = 'ada@example.com';

function podcast(id: string, title: string, changes: Partial<Podcast> = {}): Podcast {
  return podcastFixture({
    id,
    title,
    hasScript: true,
    progress: 100,
    status: 'ready',
    audioUrl: `/api/podcasts/${id}/audio?t=1`,
    durationSeconds: 60,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  });
}

const view = mountEachTest({
  beforeMount: () => {
    localStorage.clear();
    setSession({ name: null, email: OWNER, isPremium: false }, 'tok');
  },
  afterUnmount: clearSession,
});

/** A server whose podcast list is `list` as it is when asked; it counts the times it was asked. */
function server(list: { current: Podcast[] }) {
  const asked = { lists: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      if (path === '/api/podcasts' && method === 'GET') {
        asked.lists++;
        return Response.json({ podcasts: list.current });
      }
      if (path === '/api/stripe/config') return Response.json({ enabled: false, publishableKey: null });
      if (method === 'DELETE' && path.startsWith('/api/podcasts/')) {
        const id = decodeURIComponent(path.split('/')[3]!);
        list.current = list.current.filter((p) => p.id !== id);
        return Response.json({ success: true });
      }
      return new Promise<Response>(() => {});
    }),
  );
  return asked;
}

function render() {
  keepPodcastListsStored(view.queryClient);
  act(() =>
    view.render(
      <MemoryRouter>
        <YourPodcasts />
      </MemoryRouter>,
    ),
  );
}

const titles = () => [...view.container.querySelectorAll('article h3')].map((h) => h.textContent);
const button = (name: string) =>
  [...view.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);

describe("'Your Podcasts'", () => {
  it("shows the list this browser holds at once, then the server's, and keeps that under podcast-storage", async () => {
    const stored = { owner: OWNER, podcasts: [{ ...podcast('1', 'Held in the browser'), createdAt: undefined }] };
    localStorage.setItem(STORAGE_KEYS.podcastStorage, JSON.stringify({ state: stored, version: 1 }));
    let answer!: () => void;
    const list = { current: [podcast('2', 'Night Trains'), podcast('1', 'Tide Pools')] };
    server(list);
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/podcasts') await answered;
      return realFetch(input, init);
    }));

    render();
    expect(titles()).toEqual(['Held in the browser']);
    act(() => answer());
    await waitFor(() => expect(titles()).toEqual(['Night Trains', 'Tide Pools']));
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEYS.podcastStorage)!) as { state: { owner: string; podcasts: Array<{ title: string }> } };
    expect(kept.state.owner).toBe(OWNER);
    expect(kept.state.podcasts.map((p) => p.title)).toEqual(['Night Trains', 'Tide Pools']);
  });

  it("does not show another member's list held in this browser", async () => {
    const stored = { owner: 'grace@example.com', podcasts: [podcast('9', 'Not yours')] };
    localStorage.setItem(STORAGE_KEYS.podcastStorage, JSON.stringify({ state: stored, version: 1 }));
    server({ current: [] });
    render();
    expect(titles()).toEqual([]);
    await waitFor(() => expect(view.container.textContent).toContain('No podcasts created yet'));
  });

  it('reads the list again after a podcast is deleted, and shows what the server has', async () => {
    const list = { current: [podcast('2', 'Night Trains'), podcast('1', 'Tide Pools')] };
    const asked = server(list);
    render();
    await waitFor(() => expect(titles()).toEqual(['Night Trains', 'Tide Pools']));
    expect(asked.lists).toBe(1);

    // Meanwhile the extension made another podcast on the same account.
    list.current = [podcast('3', 'Made in the extension'), ...list.current];
    act(() => button('Delete podcast')!.click());
    const confirm = [...view.container.querySelectorAll('dialog')].find((d) => d.open)!.querySelector<HTMLButtonElement>('button.bg-red-600')!;
    await act(async () => confirm.click());
    await waitFor(() => expect(titles()).toEqual(['Made in the extension', 'Tide Pools']));
    expect(asked.lists).toBe(2);
  });

  it('reads the list again when the window regains focus', async () => {
    const list = { current: [podcast('1', 'Tide Pools')] };
    const asked = server(list);
    render();
    await waitFor(() => expect(titles()).toEqual(['Tide Pools']));

    list.current = [podcast('2', 'Night Trains'), ...list.current];
    await act(async () => window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(titles()).toEqual(['Night Trains', 'Tide Pools']));
    expect(asked.lists).toBe(2);
  });
});
