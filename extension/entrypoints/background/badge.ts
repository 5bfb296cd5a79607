/**
 * The toolbar badge follows the podcast in the making, so the context menu and the keyboard shortcut
 * (which open no popup) still show progress: '…' while reading, the percentage while converting, then
 * a check or an exclamation mark until the reader opens the popup.
 */
import { browser } from 'wxt/browser';
import type { Creation } from '../../storage.ts';

const COLORS = { working: '#4f46e5', ready: '#059669', failed: '#e11d48' } as const;

export function badgeFor(creation: Creation | null): { text: string; color: string } {
  if (!creation) return { text: '', color: COLORS.working };
  switch (creation.phase) {
    case 'reading':
    case 'sending':
      return { text: '…', color: COLORS.working };
    case 'converting':
      return { text: `${Math.round(creation.progress)}%`, color: COLORS.working };
    case 'ready':
      return { text: creation.seen ? '' : '✓', color: COLORS.ready };
    case 'failed':
      return { text: creation.seen ? '' : '!', color: COLORS.failed };
  }
}

export async function showCreationBadge(creation: Creation | null): Promise<void> {
  // Firefox's MV2 build has browserAction where Chromium's MV3 has action.
  const action = browser.action ?? browser.browserAction;
  const { text, color } = badgeFor(creation);
  await action.setBadgeBackgroundColor({ color });
  await action.setBadgeText({ text });
}
