import type { Podcast } from '../api/podcasts.ts';

/** A complete podcast as the API answers it (queued, nothing made yet), for tests; `changes` override its fields. */
export function podcastFixture(changes: Partial<Podcast> = {}): Podcast {
  return {
    id: 'p1',
    title: 'T',
    hasScript: false,
    image: '/podcast-cover.svg',
    progress: 0,
    status: 'queued',
    audioUrl: null,
    streamUrl: null,
    audioSeconds: null,
    estimatedSeconds: null,
    sourceUrl: null,
    sources: null,
    unreadable: [],
    shareUrl: null,
    error: null,
    fallbackReason: null,
    voice: null,
    durationSeconds: null,
    positionSeconds: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    mode: 'podcast',
    minutes: 10,
    language: 'en',
    articleLanguage: null,
    focus: null,
    scriptEdited: false,
    playedAt: null,
    ...changes,
  };
}
