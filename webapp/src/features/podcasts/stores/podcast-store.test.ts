import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../../shared/constants.ts';
import { usePodcastStore, type StoredPodcast } from './podcast-store.ts';

function podcast(id: string, changes: Partial<StoredPodcast> = {}): StoredPodcast {
  return {
    id,
    title: `Podcast ${id}`,
    content: '',
    image: '/podcast-cover.svg',
    progress: 0,
    audioUrl: null,
    status: 'queued',
    error: null,
    durationSeconds: null,
    sourceUrl: null,
    ...changes,
  };
}

const store = () => usePodcastStore.getState();
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.podcastStorage) ?? 'null') as {
  state: { owner: string | null; podcasts: StoredPodcast[] };
};

beforeEach(() => {
  localStorage.clear();
  usePodcastStore.setState({ owner: null, podcasts: [] });
});

describe('podcast store', () => {
  it('puts new podcasts at the front and keeps the list in local storage under podcast-storage', () => {
    store().addPodcast(podcast('1'), 'ada@example.com');
    store().addPodcast(podcast('2'), 'ada@example.com');
    expect(store().podcasts.map((p) => p.id)).toEqual(['2', '1']);
    expect(stored().state.owner).toBe('ada@example.com');
    expect(stored().state.podcasts.map((p) => p.id)).toEqual(['2', '1']);
  });

  it('does not list a podcast twice when it is added again', () => {
    store().addPodcast(podcast('1'), null);
    store().addPodcast(podcast('2'), null);
    store().addPodcast(podcast('1', { title: 'Again' }), null);
    expect(store().podcasts.map((p) => [p.id, p.title])).toEqual([
      ['1', 'Again'],
      ['2', 'Podcast 2'],
    ]);
  });

  it('starts a fresh list when the podcast belongs to someone else', () => {
    store().addPodcast(podcast('1'), 'ada@example.com');
    store().addPodcast(podcast('2'), null);
    expect(store().owner).toBeNull();
    expect(store().podcasts.map((p) => p.id)).toEqual(['2']);
  });

  it('sets progress within 0 to 100, the audio address, and other changes on one podcast only', () => {
    store().replacePodcasts(null, [podcast('1'), podcast('2')]);
    store().setProgress('1', 140);
    store().setProgress('2', -5);
    store().setAudioUrl('1', '/api/podcasts/1/audio');
    store().updatePodcast('2', { title: 'Renamed' });
    expect(store().podcasts).toMatchObject([
      { id: '1', progress: 100, audioUrl: '/api/podcasts/1/audio', title: 'Podcast 1' },
      { id: '2', progress: 0, audioUrl: null, title: 'Renamed' },
    ]);
  });

  it('applies a progress event from the server', () => {
    store().replacePodcasts(null, [podcast('1')]);
    store().applyEvent({ id: '1', status: 'speaking', progress: 64, title: 'Bees', audioUrl: null, error: null });
    expect(store().podcasts[0]).toMatchObject({ status: 'speaking', progress: 64, title: 'Bees' });
    store().applyEvent({ id: '1', status: 'failed', progress: 64, title: 'Bees', audioUrl: null, error: 'The voice failed' });
    expect(store().podcasts[0]).toMatchObject({ status: 'failed', error: 'The voice failed' });
  });

  it("replaces the cache with the server's list and removes one podcast", () => {
    store().addPodcast(podcast('old'), 'ada@example.com');
    store().replacePodcasts('ada@example.com', [podcast('3'), podcast('2')]);
    store().removePodcast('3');
    expect(store().podcasts.map((p) => p.id)).toEqual(['2']);
    expect(stored().state.podcasts.map((p) => p.id)).toEqual(['2']);
  });
});
