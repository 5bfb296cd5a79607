import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountEachTest } from '../../testing/mount.ts';
import { CreateCard } from './create-card.tsx';

const sent = vi.hoisted(() => [] as unknown[][]);
/** How many page estimates are answered busy before one is counted (a PDF tab while other files are read). */
const busy = vi.hoisted(() => ({ estimates: 0 }));
vi.mock('../../messaging.ts', () => ({
  sendMessage: vi.fn(async (type: string, data: { mode?: string; minutes?: number }) => {
    sent.push([type, data]);
    if (type === 'estimatePage' && busy.estimates > 0) {
      busy.estimates -= 1;
      return { ok: false, error: { code: 'RATE_LIMITED', message: 'You are already sending 2 files: wait until they are read. Try again in 5 seconds.' } };
    }
    if (type === 'estimatePage') {
      const seconds = data.mode === 'read' ? 300 : data.mode === 'brief' ? 120 : (data.minutes ?? 10) * 60;
      return { ok: true, value: { words: 900, seconds } };
    }
    if (type === 'readTabSelection') return { ok: true, value: '' };
    return { ok: true, value: null };
  }),
}));
vi.mock('./hooks.ts', async (original) => ({
  ...(await original<typeof import('./hooks.ts')>()),
  queryActiveTab: vi.fn(async () => TAB),
}));

const TAB = { id: 7, title: 'Morning in the Harbour', url: 'https://news.example.com/harbour' };

const view = mountEachTest();

beforeEach(() => {
  vi.useFakeTimers();
  sent.length = 0;
  busy.estimates = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

const radio = (name: string) =>
  [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.parentElement?.textContent === name)!;
const minutes = () => view.container.querySelector<HTMLInputElement>('input[type="number"]');
const createButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Create podcast from this page')!;
const estimate = () => view.container.querySelector('.estimate')?.textContent;
const settle = () => act(() => vi.advanceTimersByTimeAsync(300));

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('choosing how the page is told', () => {
  it("starts on the member's default mode and minutes, shows the estimate, and sends them with Create", async () => {
    act(() => view.root.render(<CreateCard tab={TAB} user={{ email: 'a@b.c', isPremium: false, defaultMode: 'conversation', defaultMinutes: 15 }} />));
    expect(radio('Conversation').checked).toBe(true);
    expect(minutes()?.value).toBe('15');
    await settle();
    expect(estimate()).toBe('Estimated length: about 15 min (900 words)');

    await act(async () => radio('Read').click());
    expect(minutes()).toBeNull();
    await settle();
    expect(sent).toContainEqual(['estimatePage', { tabId: 7, mode: 'read' }]);
    expect(estimate()).toBe('Estimated length: about 5 min (900 words)');

    await act(async () => createButton().click());
    expect(sent).toContainEqual(['createPodcastFromTab', { tabId: 7, mode: 'read' }]);
  });

  it('asks for the estimate again while the server is busy with other files, and then shows it', async () => {
    busy.estimates = 2;
    act(() => view.root.render(<CreateCard tab={TAB} user={{ email: 'a@b.c', isPremium: false, defaultMode: 'read' }} />));
    await settle();
    expect(estimate()).toBe('The whole article, word for word');
    for (let retry = 0; retry < 2; retry++) await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(estimate()).toBe('Estimated length: about 5 min (900 words)');
    expect(sent.filter(([type]) => type === 'estimatePage')).toHaveLength(3);
  });

  it('with no default, no mode is chosen and the server decides; minutes out of range are refused before sending', async () => {
    act(() => view.root.render(<CreateCard tab={TAB} user={null} />));
    expect(['Read', 'Podcast', 'Brief', 'Conversation'].map((m) => radio(m).checked)).toEqual([false, false, false, false]);
    await settle();
    expect(sent).toContainEqual(['estimatePage', { tabId: 7 }]);

    await act(async () => radio('Podcast').click());
    act(() => type(minutes()!, '90'));
    expect(estimate()).toBe('Choose from 3 to 60 minutes.');
    expect(createButton().disabled).toBe(true);
    act(() => type(minutes()!, '20'));
    await settle();
    expect(estimate()).toBe('Estimated length: about 20 min (900 words)');
    await act(async () => createButton().click());
    expect(sent).toContainEqual(['createPodcastFromTab', { tabId: 7, mode: 'podcast', minutes: 20 }]);
  });
});
