/**
 * Read-along: while a read-mode podcast plays, the page it was made from highlights the paragraph
 * being read. The podcast is linked to its source tab when it is made from that tab (or started while
 * that page is the active tab); as playback moves, the background injects the read-along script and
 * its stylesheet there once and names the paragraph of the cue being spoken. Stopping, another
 * podcast, or the tab leaving the page ends it: every highlight and listener goes.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { Podcast } from '../../../shared/api/podcasts.ts';
import { cueAt, paragraphStart } from '../../episode-marks.ts';
import { sendMessage } from '../../messaging.ts';
import { currentPosition } from '../../player-clock.ts';
import { READ_ALONG_CSS } from '../../read-along.ts';
import { fail, ok, type Result } from '../../result.ts';
import { playbackItem, type Playback } from '../../storage.ts';
import { controlPlayback } from './playback.ts';
import { transcriptOf } from './transcript.ts';

/** The bundled read-along script (entrypoints/read-along.ts). */
const READ_ALONG_SCRIPT = '/read-along.js';

export const NOT_READING_ALONG_MESSAGE = 'Nothing is being read along on this page';
export const PARAGRAPH_NOT_READY_MESSAGE = 'That paragraph is not recorded yet';

/** The podcast read along and the tab of its source page. */
export interface ReadAlongLink {
  podcastId: string;
  tabId: number;
}

export const readAlongItem = storage.defineItem<ReadAlongLink | null>('session:readAlong', { fallback: null });

/** The tab the script and stylesheet are in, and the paragraph it shows. */
let injected: { tabId: number; shown: number | null } | null = null;

/** Changes run one at a time, in order: injecting twice, or a highlight after the stop, cannot happen. */
let pending: Promise<unknown> = Promise.resolve();
function serially<T>(step: () => Promise<T>): Promise<T> {
  const run = pending.then(step);
  pending = run.catch((err: unknown) => console.error('[pagecast] read-along failed', err));
  return run;
}

/** A read-mode podcast made from tab `tabId` reads along there. */
export function linkSourceTab(podcast: Pick<Podcast, 'id' | 'mode'>, tabId: number): Promise<void> {
  if (podcast.mode !== 'read') return Promise.resolve();
  return serially(async () => {
    const before = await readAlongItem.getValue();
    if (before && (before.tabId !== tabId || before.podcastId !== podcast.id)) await end(before);
    await readAlongItem.setValue({ podcastId: podcast.id, tabId });
  });
}

/** The same page, whatever its fragment. */
function samePage(a: string | undefined, b: string): boolean {
  if (!a || !URL.canParse(a) || !URL.canParse(b)) return false;
  const [x, y] = [new URL(a), new URL(b)];
  x.hash = '';
  y.hash = '';
  return x.href === y.href;
}

/** A read-mode podcast started while its source page is the active tab reads along there. */
export async function linkOpenSource(podcast: Pick<Podcast, 'id' | 'mode' | 'sourceUrl'>): Promise<void> {
  if (podcast.mode !== 'read' || !podcast.sourceUrl) return;
  const link = await readAlongItem.getValue();
  if (link?.podcastId === podcast.id) return;
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  if (tab?.id !== undefined && samePage(tab.url, podcast.sourceUrl)) await linkSourceTab(podcast, tab.id);
}

/**
 * Follows a change of playback: the transcript read when due (for any episode), then the paragraph of
 * the cue at its position, or the end of read-along.
 */
export function followPlayback(playback: Playback | null): Promise<void> {
  return serially(async () => {
    const link = await readAlongItem.getValue();
    const position = playback ? currentPosition(playback) : 0;
    // Read for every episode: its chapters show in the popup's player.
    const transcript = playback ? await transcriptOf(playback, position) : null;
    if (!link) return;
    if (!playback || playback.podcastId !== link.podcastId) return end(link);
    const paragraph = cueAt(transcript?.cues ?? [], position)?.sourceParagraph;
    if (paragraph === undefined || injected?.shown === paragraph) return;
    if (!(await inject(link))) return;
    try {
      await sendMessage('readAlongShow', { paragraph }, link.tabId);
      injected = { tabId: link.tabId, shown: paragraph };
    } catch (err) {
      // The tab closed or left the page: there is nothing to read along any more.
      console.warn('[pagecast] read-along stopped: the page is gone', err);
      injected = null;
      await readAlongItem.setValue(null);
    }
  });
}

async function inject(link: ReadAlongLink): Promise<boolean> {
  if (injected?.tabId === link.tabId) return true;
  try {
    await browser.scripting.insertCSS({ target: { tabId: link.tabId }, css: READ_ALONG_CSS });
    await browser.scripting.executeScript({ target: { tabId: link.tabId }, files: [READ_ALONG_SCRIPT] });
    injected = { tabId: link.tabId, shown: null };
    return true;
  } catch (err) {
    // No access to the tab any more (it moved to another site, or closed): read-along ends quietly.
    console.warn('[pagecast] read-along cannot run on the source page', err);
    await readAlongItem.setValue(null);
    return false;
  }
}

/** Removes every highlight and listener from the page, and forgets the link. */
async function end(link: ReadAlongLink): Promise<void> {
  await readAlongItem.setValue(null);
  if (injected?.tabId !== link.tabId) return;
  injected = null;
  await Promise.allSettled([
    sendMessage('readAlongStop', undefined, link.tabId),
    browser.scripting.removeCSS({ target: { tabId: link.tabId }, css: READ_ALONG_CSS }),
  ]);
}

/** A click on a paragraph of the source page: play from where that paragraph is read. */
export async function seekToParagraph({ paragraph }: { paragraph: number }, tabId: number | undefined): Promise<Result<null>> {
  const [link, playback] = await Promise.all([readAlongItem.getValue(), playbackItem.getValue()]);
  if (!link || link.tabId !== tabId || playback?.podcastId !== link.podcastId) return fail('NOT_FOUND', NOT_READING_ALONG_MESSAGE);
  const position = currentPosition(playback);
  let transcript = await transcriptOf(playback, position);
  // A paragraph further on may have been made since the transcript was read.
  if (transcript && !transcript.complete && paragraphStart(transcript.cues, paragraph) === null) {
    transcript = await transcriptOf(playback, position, { fresh: true });
  }
  const start = paragraphStart(transcript?.cues ?? [], paragraph);
  if (start === null) return fail('NOT_FOUND', PARAGRAPH_NOT_READY_MESSAGE);
  // A hair past the cue's start, so the clock lands inside it.
  const sought = await controlPlayback({ action: 'seek', position: start + 0.01 });
  return sought.ok ? ok(null) : sought;
}

/** The tab closed, or loaded another page: its read-along is over. */
export async function forgetTab(tabId: number): Promise<void> {
  await serially(async () => {
    const link = await readAlongItem.getValue();
    if (link?.tabId !== tabId) return;
    injected = null;
    await readAlongItem.setValue(null);
  });
}
