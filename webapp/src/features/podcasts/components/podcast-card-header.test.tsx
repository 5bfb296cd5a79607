import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Podcast } from '../../../../../shared/api/podcasts.ts';
import { toStoredPodcast } from '../api/podcast-storage.ts';
import { mountEachTest } from '../../../testing/render.tsx';
import { PodcastCardHeader } from './podcast-card-header.tsx';

const view = mountEachTest();

function renderWithSource(sourceUrl: string | null) {
  const podcast: Podcast = {
    id: '1',
    title: 'Tide Pools',
    content: '',
    image: '/podcast-cover.svg',
    progress: 100,
    status: 'ready',
    audioUrl: null,
    streamUrl: null,
    audioSeconds: null,
    estimatedSeconds: null,
    sourceUrl,
    shareUrl: null,
    error: null,
    fallbackReason: null,
    voice: null,
    durationSeconds: 95,
    positionSeconds: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    mode: 'podcast',
    minutes: 10,
    language: 'en',
    scriptEdited: false,
    playedAt: null,
  };
  act(() =>
    view.render(
      <PodcastCardHeader podcast={toStoredPodcast(podcast)} titleId="t" title="Tide Pools" showFreeBadge={false} voiceName={null} showShared={false} />,
    ),
  );
  return view.container.querySelector('a');
}

describe('PodcastCardHeader', () => {
  it('links to the page a podcast was made from, by its host', () => {
    const link = renderWithSource('https://www.example.com/articles/tide-pools');
    expect(link?.getAttribute('href')).toBe('https://www.example.com/articles/tide-pools');
    expect(link?.textContent).toContain('example.com');
  });

  it.each(['javascript://example.com/%0aalert(1)', 'javascript:alert(1)', 'data:text/html,hi', 'file:///home/ann/notes.html', null])(
    'shows no link for %j, whatever a stored podcast holds',
    (sourceUrl) => {
      expect(renderWithSource(sourceUrl)).toBeNull();
    },
  );
});
