/**
 * The popup's view of the extension's state: storage items and the tab it was opened on, both read
 * before the first frame, and the messages to the background, which leave only after it is painted.
 */
import { useEffect, useState } from 'react';
import { browser, type Browser } from 'wxt/browser';
import type { WxtStorageItem } from 'wxt/utils/storage';
import { sendMessage as sendToBackground } from '../../messaging.ts';
import { fail, type ExtensionError, type Result } from '../../result.ts';

/** The extension's local storage as it was when the popup opened (see preloadPopupState). */
let storedAtOpen: Record<string, unknown> | null = null;
let tabAtOpen: ActiveTab | null | undefined;

/**
 * Reads local storage in one call, and the active tab, so the first frame shows what the last visit
 * left (the account, the list) and a usable Create button. Nothing here touches the network.
 */
export async function preloadPopupState(): Promise<void> {
  await Promise.all([
    browser.storage.local.get(null).then((all) => {
      storedAtOpen = all;
    }),
    queryActiveTab().then(
      (tab) => {
        tabAtOpen = tab;
      },
      () => {},
    ),
  ]);
}

/** What the popup opened with for a `local:` item, or nothing when it was not read in time. */
function storedValueAtOpen<T>(item: WxtStorageItem<T, Record<string, unknown>>): { value: T } | null {
  if (!storedAtOpen || !item.key.startsWith('local:')) return null;
  const value = storedAtOpen[item.key.slice('local:'.length)] as T | null | undefined;
  return { value: value ?? item.fallback };
}

/**
 * A storage item's value, live. Starts from what local storage held when the popup opened (else the
 * item's fallback, with `loaded` false until the read arrives); later changes follow.
 */
export function useStoredValue<T>(item: WxtStorageItem<T, Record<string, unknown>>): { value: T; loaded: boolean } {
  const [state, setState] = useState<{ value: T; loaded: boolean }>(() => {
    const atOpen = storedValueAtOpen(item);
    return atOpen ? { value: atOpen.value, loaded: true } : { value: item.fallback, loaded: false };
  });
  useEffect(() => {
    let active = true;
    void item.getValue().then((value) => {
      if (active) setState({ value, loaded: true });
    });
    const unwatch = item.watch((value) => setState({ value, loaded: true }));
    return () => {
      active = false;
      unwatch();
    };
  }, [item]);
  return state;
}

export interface ActiveTab {
  id: number;
  title: string;
  url: string | undefined;
}

/** The tab the popup acts on: the active tab of its window, followed as the reader switches tabs. */
export function useActiveTab(): ActiveTab | null {
  const [tab, setTab] = useState<ActiveTab | null>(() => tabAtOpen ?? null);
  useEffect(() => {
    let active = true;
    const refresh = async () => {
      const found = await queryActiveTab();
      if (active) setTab(found);
    };
    const onUpdated = (_id: number, change: Browser.tabs.OnUpdatedInfo) => {
      if (change.title !== undefined || change.url !== undefined || change.status === 'complete') void refresh();
    };
    const onActivated = () => void refresh();
    void refresh();
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => {
      active = false;
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
    };
  }, []);
  return tab;
}

export async function queryActiveTab(): Promise<ActiveTab | null> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  return { id: tab.id, title: tab.title ?? '', url: tab.url };
}

/** Date.now(), refreshed every `intervalMs` while `running` (a playing episode's clock). */
export function useNow(running: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);
  return now;
}

let paintedResolve!: () => void;
const painted = new Promise<void>((resolve) => (paintedResolve = resolve));
let paintWatched = false;

/**
 * Called once the first frame is committed (and by the first message, whichever comes first):
 * resolves `afterFirstPaint` once the browser has painted the next frame. A hidden page, which paints
 * nothing, lets messages go after 200 ms.
 */
export function watchFirstPaint(): void {
  if (paintWatched) return;
  paintWatched = true;
  requestAnimationFrame(() => setTimeout(paintedResolve, 0));
  setTimeout(paintedResolve, 200);
}

export function afterFirstPaint(): Promise<void> {
  watchFirstPaint();
  return painted;
}

/**
 * A message to the background, sent once the popup's first frame is painted: the background's calls
 * to the server never hold up the first paint.
 */
export const sendMessage = ((...args: Parameters<typeof sendToBackground>) =>
  afterFirstPaint().then(() => sendToBackground(...args))) as typeof sendToBackground;

/**
 * A message's answer, never a rejection: if the background cannot answer at all (the extension was
 * just updated, say), that too arrives as an error to show.
 */
export function settle<T>(answer: Promise<Result<T>>): Promise<Result<T>> {
  return answer.catch((err: unknown) => {
    console.error('[pagecast] the background did not answer', err);
    return fail<T>('INTERNAL_ERROR', 'Pagecast stopped responding', 'Close this window and open it again.');
  });
}

/** The codes of a page refused as it is (page-rules.ts): Create would be refused alike. */
const PAGE_REFUSALS = new Set(['FETCH_FAILED', 'NO_CONTENT', 'NO_READABLE_CONTENT']);

/** An estimate asked while the server is busy with other files is asked again, this often and this many times in all. */
const ESTIMATE_RETRY_MS = 3000;
const ESTIMATE_TRIES = 5;

/**
 * An episode's estimate, asked when `key` changes (null: none asked) once it has rested 250 ms (typing
 * minutes changes it per key), and asked again while the server answers busy (a PDF's words are
 * counted there). An answer for an older key is dropped. A page refused as it is goes to `onRefused`.
 */
export function useEstimateOf<T>(key: string | null, ask: () => Promise<Result<T>>, onRefused?: (error: ExtensionError | null) => void): T | null {
  const [estimate, setEstimate] = useState<T | null>(null);
  useEffect(() => {
    setEstimate(null);
    onRefused?.(null);
    if (key === null) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryAsking = (tries: number) => {
      timer = setTimeout(() => {
        void settle(ask()).then((result) => {
          if (!active) return;
          if (result.ok) setEstimate(result.value);
          else if (result.error.code === 'RATE_LIMITED' && tries < ESTIMATE_TRIES) tryAsking(tries + 1);
          // The page itself is refused (an error page, a file that is not one): said before Create.
          else if (PAGE_REFUSALS.has(result.error.code)) onRefused?.(result.error);
        });
      }, tries === 1 ? 250 : ESTIMATE_RETRY_MS);
    };
    tryAsking(1);
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // `ask` is the render's own, whose values make the key: a new one each render asks nothing again.
  }, [key]);
  return estimate;
}
