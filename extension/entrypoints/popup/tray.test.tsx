import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { trayItem, type TrayPage } from '../../storage.ts';
import { mountEachTest } from '../../testing/mount.ts';
import { Tray } from './tray.tsx';
import { DOM_SAFETY_NET_MS } from '../../../shared/testing/safety-net.ts';

/** The background's side, kept to what the tray needs: it adds the active tab's page, removes one, makes the episode. */
const sent = vi.hoisted(() => [] as unknown[][]);
/** How many estimates the server answers busy before it counts. */
let busyEstimates = 0;
vi.mock('../../messaging.ts', async () => {
  const { trayItem } = await import('../../storage.ts');
  return {
    sendMessage: vi.fn(async (type: string, data: { tabId?: number; id?: string }) => {
      sent.push([type, data]);
      const tray = await trayItem.getValue();
      if (type === 'addTabToTray') {
        const next = [...tray, page(data.tabId!)];
        await trayItem.setValue(next);
        return { ok: true, value: next };
      }
      if (type === 'removeFromTray') {
        const next = tray.filter((p) => p.id !== data.id);
        await trayItem.setValue(next);
        return { ok: true, value: next };
      }
      if (type === 'estimateTray') {
        if (busyEstimates > 0) {
          busyEstimates -= 1;
          return { ok: false, error: { code: 'RATE_LIMITED', message: 'You are already sending 2 files: wait until they are read. Try again in 5 seconds.' } };
        }
        const words = tray.reduce((sum, p) => sum + (p.words ?? 0), 0);
        return { ok: true, value: { words, seconds: (data as { mode?: string }).mode ? words / 3 : null } };
      }
      if (type === 'createPodcastFromTray') return { ok: false, error: { code: 'NETWORK_ERROR', message: 'Network error - please check your connection' } };
      return { ok: true, value: null };
    }),
  };
});
vi.mock('./hooks.ts', async (original) => ({
  ...(await original<typeof import('./hooks.ts')>()),
  queryActiveTab: vi.fn(async () => active),
}));

const TITLES: Record<number, string> = { 7: 'Morning in the Harbour', 8: 'The Last Keeper', 9: 'Night Trains' };
function page(tabId: number): TrayPage {
  return {
    id: `page-${tabId}`,
    title: TITLES[tabId]!,
    url: `https://news.example.com/${tabId}`,
    source: { text: 'Words.', title: TITLES[tabId]!, sourceUrl: `https://news.example.com/${tabId}` },
    words: 1200 + tabId,
  };
}
const tabOf = (id: number) => ({ id, title: TITLES[id]!, url: `https://news.example.com/${id}` });
let active = tabOf(7);

const view = mountEachTest();

beforeEach(() => {
  fakeBrowser.reset();
  sent.length = 0;
  active = tabOf(7);
});

const buttons = () => [...view.container.querySelectorAll('button')];
const button = (name: string) => buttons().find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
const rows = () => [...view.container.querySelectorAll('.tray-row')].map((r) => r.textContent);

async function render(tab = active, options: { mode?: 'read' } | null = { mode: 'read' }) {
  await act(async () => view.root.render(<Tray tab={tab} options={options} unreadable={false} />));
}

async function click(name: string) {
  await act(async () => button(name)!.click());
  // The storage's change reaches the popup.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('the tray in the popup', () => {
  it('adds the active tab, lists each page with a named remove button, and is kept in storage when the popup closes', async () => {
    await render();
    expect(view.container.querySelector('.tray')).toBeNull();
    await click('Add this page');
    expect(sent).toContainEqual(['addTabToTray', { tabId: 7 }]);
    expect(rows()).toEqual(['1Morning in the Harbournews.example.com · 1,207 words']);
    // This page is in the tray: it cannot be added twice.
    expect(button('In the tray')?.disabled).toBe(true);
    expect(button('Make one episode')?.disabled).toBe(true);
    expect(view.container.textContent).toContain('Add another page, from any tab, to make one episode of them.');

    // Another tab, after the popup was closed and opened again: the tray is read from storage.
    act(() => view.root.render(null));
    active = tabOf(8);
    await render(active);
    expect(rows()).toHaveLength(1);
    await click('Add this page');
    expect(rows().map((r) => r?.slice(0, 2))).toEqual(['1M', '2T']);
    expect(view.container.querySelector('#tray-title')?.textContent).toBe('Tray');
    expect(view.container.textContent).toContain('2 of 10 pages');
    expect(button('Make one episode')?.disabled).toBe(false);

    // Removing a page keeps the focus in the tray, on the row that takes its place.
    await act(async () => button('Remove Morning in the Harbour from the tray')!.click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(rows()).toEqual(['1The Last Keepernews.example.com · 1,208 words']);
    expect(document.activeElement).toBe(button('Remove The Last Keeper from the tray'));
    expect((await trayItem.getValue()).map((p) => p.title)).toEqual(['The Last Keeper']);
  });

  it('makes one episode in the mode chosen, and shows why it could not', async () => {
    await trayItem.setValue([page(7), page(8)]);
    await render(tabOf(9));
    await click('Make one episode');
    expect(sent).toContainEqual(['createPodcastFromTray', { mode: 'read' }]);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('Network error - please check your connection');
    expect(rows()).toHaveLength(2);
  });

  it('estimates the episode of its pages in the mode chosen, and again when a page leaves', async () => {
    const estimate = () => view.container.querySelector('.tray-estimate')?.textContent;
    // Each look lets the popup's timers and messages run inside act first.
    const shows = (text: string) =>
      vi.waitFor(
        async () => {
          await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
          expect(estimate()).toBe(text);
        },
        { timeout: DOM_SAFETY_NET_MS, interval: 1 },
      );
    await trayItem.setValue([page(7), page(8)]);
    await render(tabOf(9));
    await shows('Estimated length: about 13 min (2,415 words)');
    expect(sent).toContainEqual(['estimateTray', { mode: 'read' }]);
    await click('Remove Morning in the Harbour from the tray');
    await shows('Estimated length: about 7 min (1,208 words)');
    // No mode chosen: the server picks it at Make, so only the words are known.
    await render(tabOf(9), {});
    await shows('1,208 words in all');
  });

  it('asks for the estimate again while the server is busy with other files', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      busyEstimates = 2;
      await trayItem.setValue([page(7), page(8)]);
      await render(tabOf(9));
      const estimate = () => view.container.querySelector('.tray-estimate')?.textContent;
      for (const ms of [300, 3000, 3000]) await act(() => vi.advanceTimersByTimeAsync(ms));
      expect(estimate()).toBe('Estimated length: about 13 min (2,415 words)');
      expect(sent.filter(([type]) => type === 'estimateTray')).toHaveLength(3);
    } finally {
      busyEstimates = 0;
      vi.useRealTimers();
    }
  });

  it('cannot make an episode while the minutes are out of range', async () => {
    await trayItem.setValue([page(7), page(8)]);
    await render(tabOf(9), null);
    expect(button('Make one episode')?.disabled).toBe(true);
  });
});
