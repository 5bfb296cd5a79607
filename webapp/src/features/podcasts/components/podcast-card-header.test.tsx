import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { podcastFixture } from '../../../../../shared/testing/podcast-fixture.ts';
import { toStoredPodcast } from '../api/podcast-storage.ts';
import { mountEachTest } from '../../../testing/render.tsx';
import { PodcastCardHeader } from './podcast-card-header.tsx';

const view = mountEachTest();

function renderWithSource(sourceUrl: string | null) {
  const podcast = podcastFixture({
    id: '1',
    title: 'Tide Pools',
    progress: 100,
    status: 'ready',
    sourceUrl,
    durationSeconds: 95,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
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
