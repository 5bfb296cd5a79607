import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { SharedPodcast } from './shared-podcast.tsx';

const view = mountEachTest();

async function renderShared(answer: Response) {
  const fetchMock = vi.fn(async () => answer);
  vi.stubGlobal('fetch', fetchMock);
  await act(async () =>
    view.render(
      <MemoryRouter>
        <SharedPodcast token="tok_123" />
      </MemoryRouter>,
    ),
  );
  return fetchMock;
}

describe('the shared podcast page', () => {
  it('shows the title, the player on the public audio and the transcript', async () => {
    const fetchMock = await renderShared(
      Response.json({
        title: 'What the Tide Pools Remember',
        content: 'Welcome.\nTide pools are small worlds.',
        image: '/podcast-cover.svg',
        audioUrl: '/api/shared/tok_123/audio',
        durationSeconds: 95,
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
    );
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/shared/tok_123');
    await waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe('What the Tide Pools Remember'));
    expect(view.container.querySelector('audio')?.getAttribute('src')).toBe('/api/shared/tok_123/audio');
    expect(view.container.querySelector('[data-testid="total"]')?.textContent).toBe('1:35');
    const transcript = view.container.querySelector('section[aria-labelledby="shared-transcript"]')!;
    expect([...transcript.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Welcome.', 'Tide pools are small worlds.']);
  });

  it('says the podcast is no longer shared once the link answers 404', async () => {
    await renderShared(
      Response.json(
        { success: false, error: { code: 'NOT_FOUND', message: 'This shared podcast does not exist or is no longer shared' } },
        { status: 404 },
      ),
    );
    await waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe('This podcast is no longer shared'));
    expect(view.container.querySelector('audio')).toBeNull();
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('offers to try again when the server fails', async () => {
    const fetchMock = await renderShared(new Response('', { status: 503 }));
    await waitFor(() => expect(view.container.textContent).toContain('The podcast could not be loaded'));
    const tryAgain = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;

    fetchMock.mockImplementation(async () =>
      Response.json({ title: 'Back again', content: 'Hello.', image: '/podcast-cover.svg', audioUrl: '/api/shared/tok_123/audio', durationSeconds: 5, createdAt: '2025-01-01T00:00:00.000Z' }),
    );
    await act(async () => tryAgain.click());
    await waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe('Back again'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
