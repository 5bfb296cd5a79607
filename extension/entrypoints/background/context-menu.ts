/** The 'Create podcast from selection' item on the page's context menu. */
import { browser, type Browser } from 'wxt/browser';
import { createPodcastFromSelection } from './podcasts.ts';

export const SELECTION_MENU_ID = 'create-podcast-from-selection';
export const SELECTION_MENU_TITLE = 'Create podcast from selection';

/** Menus persist across restarts, so they are (re)created on install and update only. */
export async function createSelectionMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: SELECTION_MENU_ID, title: SELECTION_MENU_TITLE, contexts: ['selection'] });
}

export async function handleMenuClick(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): Promise<void> {
  if (info.menuItemId !== SELECTION_MENU_ID || tab?.id === undefined) return;
  // The outcome lands in creationItem: the badge and the popup show it.
  await createPodcastFromSelection({ tabId: tab.id, selectionText: info.selectionText });
}
