import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountEachTest, waitFor } from '../../../testing/render.tsx';
import { PrivateFeed } from './private-feed.tsx';

const view = mountEachTest();

const FIRST = 'http://pagecast.test/api/feed/aaaa/rss.xml';
const SECOND = 'http://pagecast.test/api/feed/bbbb/rss.xml';
const button = (name: string) =>
  [...view.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
const address = () => view.container.querySelector<HTMLInputElement>('input[readonly]')?.value;

describe('the private feed panel', () => {
  it('shows the secret address, copies it, and rotates it only after a confirmation', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/feed' && (init?.method ?? 'GET') === 'GET') return Response.json({ url: FIRST });
      if (String(input) === '/api/feed/rotate' && init?.method === 'POST') return Response.json({ url: SECOND });
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

    await act(async () => view.render(<PrivateFeed isPremium />));
    await waitFor(() => expect(address()).toBe(FIRST));
    expect(view.container.textContent).toContain('Paste this address into your podcast app');

    await act(async () => button('Copy feed address')!.click());
    expect(writeText).toHaveBeenCalledWith(FIRST);

    act(() => button('Rotate address')!.click());
    const dialog = view.container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/feed/rotate')).toBe(false);
    await act(async () => dialog.querySelector<HTMLButtonElement>('button.bg-slate-900')!.click());
    await waitFor(() => expect(address()).toBe(SECOND));
    expect(dialog.open).toBe(false);
  });

  it('shows a free member what the feed is, without asking the server for one', async () => {
    const fetchMock = vi.fn(async () => Response.json({ url: FIRST }));
    vi.stubGlobal('fetch', fetchMock);
    await act(async () => view.render(<PrivateFeed isPremium={false} />));
    expect(view.container.textContent).toContain('Upgrade to Premium to get your private feed.');
    expect(address()).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
