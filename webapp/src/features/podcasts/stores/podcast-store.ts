/**
 * The podcast list kept in local storage under 'podcast-storage' (spec §3). The server is the source
 * of truth (DESIGN.md); this is its cache, so a list shows at once and a podcast made by an anonymous
 * visitor survives a reload. `owner` is the e-mail of the member the list belongs to (null for an
 * anonymous visitor), so one member never sees another's cached list on a shared browser.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Podcast, PodcastEvent } from '../../../../../shared/api/podcasts.ts';
import { STORAGE_KEYS } from '../../../../../shared/constants.ts';

/** `voice`, `positionSeconds` and `shareUrl` may be missing from a list cached by an earlier version. */
export type StoredPodcast = Pick<
  Podcast,
  'id' | 'title' | 'content' | 'image' | 'progress' | 'audioUrl' | 'status' | 'error' | 'durationSeconds' | 'sourceUrl'
> &
  Partial<Pick<Podcast, 'voice' | 'positionSeconds' | 'shareUrl'>>;

export function toStoredPodcast(podcast: Podcast): StoredPodcast {
  const { id, title, content, image, progress, audioUrl, status, error, durationSeconds, sourceUrl, voice, positionSeconds, shareUrl } =
    podcast;
  return { id, title, content, image, progress, audioUrl, status, error, durationSeconds, sourceUrl, voice, positionSeconds, shareUrl };
}

interface PodcastState {
  owner: string | null;
  podcasts: StoredPodcast[];
  /** A new podcast goes to the front. A podcast made for another owner starts that owner's list. */
  addPodcast: (podcast: StoredPodcast, owner: string | null) => void;
  updatePodcast: (id: string, changes: Partial<Omit<StoredPodcast, 'id'>>) => void;
  setProgress: (id: string, progress: number) => void;
  setAudioUrl: (id: string, audioUrl: string | null) => void;
  applyEvent: (event: PodcastEvent) => void;
  /** The server's list, newest first, replaces the cache. */
  replacePodcasts: (owner: string | null, podcasts: StoredPodcast[]) => void;
  removePodcast: (id: string) => void;
}

export const usePodcastStore = create<PodcastState>()(
  persist(
    (set) => {
      const patch = (id: string, changes: Partial<StoredPodcast>) =>
        set((state) => ({ podcasts: state.podcasts.map((p) => (p.id === id ? { ...p, ...changes } : p)) }));
      return {
        owner: null,
        podcasts: [],
        addPodcast: (podcast, owner) =>
          set((state) => ({
            owner,
            podcasts: [podcast, ...(state.owner === owner ? state.podcasts.filter((p) => p.id !== podcast.id) : [])],
          })),
        updatePodcast: (id, changes) => patch(id, changes),
        setProgress: (id, progress) => patch(id, { progress: Math.min(100, Math.max(0, progress)) }),
        setAudioUrl: (id, audioUrl) => patch(id, { audioUrl }),
        applyEvent: ({ id, status, progress, title, audioUrl, error }) =>
          patch(id, { status, progress: Math.min(100, Math.max(0, progress)), title, audioUrl, error }),
        replacePodcasts: (owner, podcasts) => set({ owner, podcasts }),
        removePodcast: (id) => set((state) => ({ podcasts: state.podcasts.filter((p) => p.id !== id) })),
      };
    },
    {
      name: STORAGE_KEYS.podcastStorage,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ owner, podcasts }) => ({ owner, podcasts }),
    },
  ),
);

export const isSettled = (status: StoredPodcast['status']) => status === 'ready' || status === 'failed';
