/** The popup's view of the extension's state: storage items and the tab it was opened on. */
import { useEffect, useState } from 'react';
import { browser, type Browser } from 'wxt/browser';
import type { WxtStorageItem } from 'wxt/utils/storage';
import { fail, type Result } from '../../result.ts';

/**
 * A storage item's value, live. Starts from the item's fallback so the first frame paints at once;
 * `loaded` turns true a few milliseconds later, with what the last visit left.
 */
export function useStoredValue<T>(item: WxtStorageItem<T, Record<string, unknown>>): { value: T; loaded: boolean } {
  const [state, setState] = useState<{ value: T; loaded: boolean }>({ value: item.fallback, loaded: false });
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
  const [tab, setTab] = useState<ActiveTab | null>(null);
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
