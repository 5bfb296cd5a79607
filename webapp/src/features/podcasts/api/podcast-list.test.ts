import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../../../../shared/constants.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { podcastKeys } from './podcast-keys.ts';
import { addPodcast, applyEventToLists, patchPodcast, podcastListQuery, removePodcast } from './podcast-list.ts';
import { keepPodcastListsStored, readStoredPodcasts, type StoredPodcast } from './podcast-storage.ts';

function podcast(id: string, changes: Partial<StoredPodcast> = {}): StoredPodcast {
  return {
    id,
    title: `Podcast ${id}`,
    hasScript: false,
    image: '/podcast-cover.svg',
    progress: 0,
    audioUrl: null,
    streamUrl: null,
    audioSeconds: null,
    estimatedSeconds: null,
    status: 'queued',
    error: null,
    durationSeconds: null,
    sourceUrl: null,
    ...changes,
  };
}

/** An event's episode fields before any audio exists. */
const NOTHING_MADE = { streamUrl: null, audioSeconds: null, estimatedSeconds: null, durationSeconds: null };

let queryClient: QueryClient;
let stopStoring: () => void;
const list = (owner: string | null) => queryClient.getQueryData<StoredPodcast[]>(podcastKeys.list(owner));
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.podcastStorage) ?? 'null') as {
  state: { owner: string | null; podcasts: StoredPodcast[] };
  version: number;
};

/** The server answering GET /api/podcasts with these podcasts. */
function serverLists(podcasts: object[]) {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ podcasts })));
}
const full = (p: StoredPodcast) => ({ shareUrl: null, fallbackReason: null, voice: null, positionSeconds: null, createdAt: '2025-01-01T00:00:00.000Z', ...p });

beforeEach(() => {
  localStorage.clear();
  queryClient = createQueryClient();
  stopStoring = keepPodcastListsStored(queryClient);
});

afterEach(() => {
  stopStoring();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the podcast lists in the cache and in local storage', () => {
  it('puts new podcasts at the front and keeps the list in local storage under podcast-storage', () => {
    addPodcast(queryClient, 'ada@example.com', podcast('1'));
    addPodcast(queryClient, 'ada@example.com', podcast('2'));
    expect(list('ada@example.com')?.map((p) => p.id)).toEqual(['2', '1']);
    expect(stored().version).toBe(1);
    expect(stored().state.owner).toBe('ada@example.com');
    expect(stored().state.podcasts.map((p) => p.id)).toEqual(['2', '1']);
  });

  it('does not list a podcast twice when it is added again', () => {
    addPodcast(queryClient, null, podcast('1'));
    addPodcast(queryClient, null, podcast('2'));
    addPodcast(queryClient, null, podcast('1', { title: 'Again' }));
    expect(list(null)?.map((p) => [p.id, p.title])).toEqual([
      ['1', 'Again'],
      ['2', 'Podcast 2'],
    ]);
  });

  it('starts a fresh list when the podcast belongs to someone else, and reads a stored list back only for its owner', () => {
    addPodcast(queryClient, 'ada@example.com', podcast('1'));
    addPodcast(queryClient, null, podcast('2'));
    expect(list(null)?.map((p) => p.id)).toEqual(['2']);
    expect(stored().state).toMatchObject({ owner: null, podcasts: [{ id: '2' }] });
    expect(readStoredPodcasts(null)?.map((p) => p.id)).toEqual(['2']);
    expect(readStoredPodcasts('ada@example.com')).toBeUndefined();
  });

  it('a list made by an anonymous visitor survives a reload: a new cache starts from it', () => {
    addPodcast(queryClient, null, podcast('1', { status: 'writing', progress: 30 }));
    const afterReload = createQueryClient();
    new QueryObserver(afterReload, { ...podcastListQuery(null), enabled: false });
    expect(afterReload.getQueryData<StoredPodcast[]>(podcastKeys.list(null))).toMatchObject([{ id: '1', status: 'writing', progress: 30 }]);
  });

  it('reads a list stored before episodes were streamed and modes existed: nothing growing, the podcast mode', () => {
    const { streamUrl: _s, audioSeconds: _a, estimatedSeconds: _e, ...older } = podcast('1', { status: 'ready', audioUrl: '/api/podcasts/1/audio' });
    localStorage.setItem(STORAGE_KEYS.podcastStorage, JSON.stringify({ state: { owner: null, podcasts: [older] }, version: 1 }));
    expect(readStoredPodcasts(null)).toEqual([
      { ...older, streamUrl: null, audioSeconds: null, estimatedSeconds: null, mode: 'podcast', minutes: null, scriptEdited: false, playedAt: null, language: null, sources: null, focus: null, articleLanguage: null },
    ]);
  });

  it('reads a list stored when podcasts carried their script without it: the script is read from the server when shown', () => {
    const { hasScript: _h, ...rest } = podcast('1', { status: 'ready', audioUrl: '/api/podcasts/1/audio' });
    const withScript = { ...rest, content: 'A long script.\n'.repeat(1000) };
    localStorage.setItem(STORAGE_KEYS.podcastStorage, JSON.stringify({ state: { owner: null, podcasts: [withScript] }, version: 1 }));
    const [read] = readStoredPodcasts(null) ?? [];
    expect(read).toMatchObject({ id: '1', status: 'ready', hasScript: false });
    expect(read).not.toHaveProperty('content');
  });

  it('ignores stored data that is not a podcast list', () => {
    localStorage.setItem(STORAGE_KEYS.podcastStorage, JSON.stringify({ state: { owner: null, podcasts: [{ id: 1 }] }, version: 1 }));
    expect(readStoredPodcasts(null)).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.podcastStorage, '{not json');
    expect(readStoredPodcasts(null)).toBeUndefined();
  });

  it('changes one podcast only, in every list that holds it, and keeps progress within 0 to 100', () => {
    queryClient.setQueryData(podcastKeys.list(null), [podcast('1'), podcast('2')]);
    applyEventToLists(queryClient, { id: '1', status: 'speaking', progress: 140, title: 'Podcast 1', audioUrl: null, ...NOTHING_MADE, error: null });
    applyEventToLists(queryClient, { id: '2', status: 'writing', progress: -5, title: 'Podcast 2', audioUrl: null, ...NOTHING_MADE, error: null });
    patchPodcast(queryClient, '1', { audioUrl: '/api/podcasts/1/audio' });
    patchPodcast(queryClient, '2', { title: 'Renamed' });
    expect(list(null)).toMatchObject([
      { id: '1', progress: 100, audioUrl: '/api/podcasts/1/audio', title: 'Podcast 1' },
      { id: '2', progress: 0, audioUrl: null, title: 'Renamed' },
    ]);
  });

  it('applies a progress event from the server', () => {
    queryClient.setQueryData(podcastKeys.list(null), [podcast('1')]);
    applyEventToLists(queryClient, { id: '1', status: 'speaking', progress: 64, title: 'Bees', audioUrl: null, ...NOTHING_MADE, error: null });
    expect(list(null)?.[0]).toMatchObject({ status: 'speaking', progress: 64, title: 'Bees' });
    applyEventToLists(queryClient, { id: '1', status: 'failed', progress: 64, title: 'Bees', audioUrl: null, ...NOTHING_MADE, error: 'The voice failed' });
    expect(list(null)?.[0]).toMatchObject({ status: 'failed', error: 'The voice failed' });
    expect(stored().state.podcasts[0]).toMatchObject({ status: 'failed', error: 'The voice failed' });
  });

  it('carries the growing episode from the events into the cache and local storage', () => {
    queryClient.setQueryData(podcastKeys.list(null), [podcast('1')]);
    const growing = { streamUrl: '/api/podcasts/1/stream.m3u8?t=s', audioSeconds: 31.5, estimatedSeconds: 540, durationSeconds: null };
    applyEventToLists(queryClient, { id: '1', status: 'speaking', progress: 40, title: 'Bees', audioUrl: null, ...growing, error: null });
    expect(list(null)?.[0]).toMatchObject({ status: 'speaking', ...growing });
    expect(stored().state.podcasts[0]).toMatchObject(growing);

    const done = { audioUrl: '/api/podcasts/1/audio?t=a', streamUrl: '/api/podcasts/1/stream.m3u8?t=s', audioSeconds: 551, estimatedSeconds: 551, durationSeconds: 551 };
    applyEventToLists(queryClient, { id: '1', status: 'ready', progress: 100, title: 'Bees', ...done, error: null });
    expect(list(null)?.[0]).toMatchObject({ status: 'ready', ...done });
  });

  it("replaces the cached list with the server's and removes one podcast", async () => {
    addPodcast(queryClient, 'ada@example.com', podcast('old'));
    serverLists([full(podcast('3')), full(podcast('2'))]);
    await queryClient.fetchQuery(podcastListQuery('ada@example.com'));
    removePodcast(queryClient, '3');
    expect(list('ada@example.com')?.map((p) => p.id)).toEqual(['2']);
    expect(stored().state.podcasts.map((p) => p.id)).toEqual(['2']);
  });

  it("keeps the audio address a player holds when the server's list signs the same audio anew", async () => {
    new QueryObserver(queryClient, { ...podcastListQuery('ada@example.com'), enabled: false });
    queryClient.setQueryData(podcastKeys.list('ada@example.com'), [podcast('1', { status: 'ready', audioUrl: '/api/podcasts/1/audio?t=1.aaa' })]);
    serverLists([
      full(podcast('1', { status: 'ready', audioUrl: '/api/podcasts/1/audio?t=2.bbb', positionSeconds: 12 })),
      full(podcast('2', { status: 'ready', audioUrl: '/api/podcasts/2/audio?t=2.ccc' })),
    ]);
    await queryClient.refetchQueries({ queryKey: podcastKeys.list('ada@example.com') });
    expect(list('ada@example.com')).toMatchObject([
      { id: '1', audioUrl: '/api/podcasts/1/audio?t=1.aaa', positionSeconds: 12 },
      { id: '2', audioUrl: '/api/podcasts/2/audio?t=2.ccc' },
    ]);
  });
});
