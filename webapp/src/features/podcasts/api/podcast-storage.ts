/**
 * The podcast list mirrored in local storage under 'podcast-storage', so a list shows at once and a
 * podcast made by an anonymous visitor survives a reload (the server moves it into the account when
 * they sign in). The server stays the source of truth: this is a copy of the query cache, written
 * whenever a list in the cache changes. `owner` is the e-mail of the member the list belongs to (null
 * for an anonymous visitor), so one member never sees another's list on a shared browser.
 */
import { z } from 'zod';
import type { QueryClient } from '@tanstack/react-query';
import { podcastSchema } from '../../../../../shared/api/podcasts.ts';
import { STORAGE_KEYS } from '../../../../../shared/constants.ts';
import { isPodcastListKey } from './podcast-keys.ts';

/** The stored format's version; a list stored in another format is not read. */
const VERSION = 1;

const storedPodcastSchema = podcastSchema
  .pick({ id: true, title: true, hasScript: true, image: true, progress: true, audioUrl: true, status: true, error: true, durationSeconds: true, sourceUrl: true })
  // A list stored by an earlier version may lack these (the episode's fields default to null).
  .extend(podcastSchema.pick({ streamUrl: true, audioSeconds: true, estimatedSeconds: true }).shape)
  .extend(podcastSchema.pick({ voice: true, positionSeconds: true, shareUrl: true, language: true }).partial().shape)
  // How it was asked and told (mode, minutes, an edited script, the AI's fallback).
  .extend(podcastSchema.pick({ mode: true, minutes: true, scriptEdited: true, fallbackReason: true }).partial().shape)
  // When it was played to the end (or marked played).
  .extend(podcastSchema.pick({ playedAt: true }).partial().shape)
  // The sources of an episode made from several.
  .extend(podcastSchema.pick({ sources: true }).partial().shape)
  // What the listener asked it to weigh, and the article's own language when the episode is in another.
  .extend(podcastSchema.pick({ focus: true, articleLanguage: true }).partial().shape);

/** A podcast as the web app keeps it: what the cards show. */
export type StoredPodcast = z.infer<typeof storedPodcastSchema>;

const storedListSchema = z.object({
  state: z.object({ owner: z.string().nullable(), podcasts: z.array(storedPodcastSchema) }),
  version: z.literal(VERSION),
});

/** Only what the cards show, so the stored list stays small (never the script: only whether there is one). */
export function toStoredPodcast(podcast: StoredPodcast): StoredPodcast {
  const { id, title, hasScript, image, progress, status, error, sourceUrl, voice, positionSeconds, shareUrl } = podcast;
  const { audioUrl, streamUrl, audioSeconds, estimatedSeconds, durationSeconds } = podcast;
  const { mode, minutes, scriptEdited, fallbackReason, playedAt, language, sources, focus, articleLanguage } = podcast;
  return {
    ...{ id, title, hasScript, image, progress, status, error, sourceUrl, voice, positionSeconds, shareUrl, audioUrl, streamUrl, audioSeconds, estimatedSeconds, durationSeconds },
    ...{ mode, minutes, scriptEdited, fallbackReason, playedAt },
    ...(language === undefined ? {} : { language }),
    sources: sources ?? null,
    focus: focus ?? null,
    articleLanguage: articleLanguage ?? null,
  };
}

/** The stored list when it belongs to `owner`; what another version of the app (or a hand) left is checked. */
export function readStoredPodcasts(owner: string | null): StoredPodcast[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(localStorage.getItem(STORAGE_KEYS.podcastStorage) ?? 'null');
  } catch {
    return undefined;
  }
  const parsed = storedListSchema.safeParse(json);
  return parsed.success && parsed.data.state.owner === owner ? parsed.data.state.podcasts : undefined;
}

function writeStoredPodcasts(owner: string | null, podcasts: StoredPodcast[]): void {
  const state = { owner, podcasts: podcasts.map(toStoredPodcast) };
  localStorage.setItem(STORAGE_KEYS.podcastStorage, JSON.stringify({ state, version: VERSION }));
}

/** Copies every change of a podcast list in the cache to local storage; answers the unsubscribe. */
export function keepPodcastListsStored(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey, state } = event.query;
    if (!isPodcastListKey(queryKey) || !state.data) return;
    writeStoredPodcasts(queryKey[2], state.data as StoredPodcast[]);
  });
}
