/** The keyboard shortcut (manifest `commands`): a podcast from the current page, no popup needed. */
import { browser, type Browser } from 'wxt/browser';
import { createPodcastFromTab } from './podcasts.ts';

export const CREATE_PODCAST_COMMAND = 'create-podcast';

export async function handleCommand(command: string, tab?: Browser.tabs.Tab): Promise<void> {
  if (command !== CREATE_PODCAST_COMMAND) return;
  const tabId = tab?.id ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
  if (tabId === undefined) return;
  await createPodcastFromTab({ tabId });
}
