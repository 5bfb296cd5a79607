import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { PodcastSource } from '../../../../../shared/api/podcasts.ts';
import { podcastFixture } from '../../../../../shared/testing/podcast-fixture.ts';
import { toStoredPodcast } from '../api/podcast-storage.ts';
import { mountEachTest } from '../../../testing/render.tsx';
import { PodcastCardHeader } from './podcast-card-header.tsx';

const view = mountEachTest();

function renderWithSource(sourceUrl: string | null, sources: PodcastSource[] | null = null) {
  const podcast = podcastFixture({
    sources,
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

  it('lists the sources of an episode made from several, in order, each page linked by its host', () => {
    renderWithSource('https://example.com/tides', [
      { url: 'https://example.com/tides', title: 'Tide Pools', author: null },
      { url: null, title: 'Harbour report.pdf', author: null },
      { url: 'javascript:alert(1)', title: 'Not a page', author: null },
      { url: 'https://www.news.example/storm', title: '', author: null },
    ]);
    const list = view.container.querySelector('details')!;
    expect(list.querySelector('summary')?.textContent).toBe('4 sources');
    const items = [...list.querySelectorAll('li')];
    expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual(['Tide Pools', 'Harbour report.pdf', 'Not a page', 'Source 4']);
    expect(items.map((li) => li.querySelector('a')?.getAttribute('href') ?? null)).toEqual(['https://example.com/tides', null, null, 'https://www.news.example/storm']);
    expect(items[3]!.querySelector('a')?.textContent).toContain('news.example');
  });

  it('keeps an episode’s sources in the list stored in the browser', () => {
    const sources = [
      { url: 'https://example.com/a', title: 'A', author: null },
      { url: 'https://example.com/b', title: 'B', author: 'Bo' },
    ];
    expect(toStoredPodcast(podcastFixture({ id: '2', sources })).sources).toEqual(sources);
    expect(toStoredPodcast(podcastFixture({ id: '3' })).sources).toBeNull();
  });
});
