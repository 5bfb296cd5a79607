/**
 * Making a podcast from a tab (its article, or its selection), or from the pages in the tray (tray.ts).
 * The podcast in the making lives in `creationItem`, so the popup can close and reopen on it; it
 * starts playing as soon as its first part is made (see progress.ts).
 */
import type { EpisodeSourceToSend } from '../../../shared/api/podcasts.ts';
import type { CreateOptions } from '../../messaging.ts';
import { ok, type ExtensionError, type Result } from '../../result.ts';
import type { PageText } from '../../read-article.ts';
import { creationItem, recentPodcastsItem, type Creation, type CreationSource } from '../../storage.ts';
import { askedLength } from './estimate.ts';
import { findTab, readSelectionText, readTab, type TabPdf } from './page-reader.ts';
import { phaseOf, playNewPodcast, playsNow, trackPodcast } from './progress.ts';
import { linkSourceTab } from './read-along.ts';
import { callServer } from './server.ts';

export async function createPodcastFromTab({ tabId, ...options }: { tabId: number } & CreateOptions): Promise<Result<Creation>> {
  const tab = await findTab(tabId);
  if (!tab.ok) return tab;
  // Read along on this tab: the paragraphs read are the ones on its page.
  return createPodcast('page', tabId, tab.value.title ?? '', tab.value.url ?? '', () => readTab(tab.value), options, true);
}

export async function createPodcastFromSelection({
  tabId,
  selectionText,
  ...options
}: {
  tabId: number;
  selectionText?: string;
} & CreateOptions): Promise<Result<Creation>> {
  const tab = await findTab(tabId);
  if (!tab.ok) return tab;
  return createPodcast(
    'selection',
    tabId,
    tab.value.title ?? '',
    tab.value.url ?? '',
    () => readSelectionText(tab.value, selectionText),
    options,
  );
}

/** What a podcast is made of: a tab's article or selection, the PDF it shows, or the tray's pages. */
export type CreationBody = PageText | TabPdf | { sources: EpisodeSourceToSend[] };

/**
 * Reads, sends, then follows the conversion in the background; answers once the server has it.
 * `tabId`: the tab it is made from (none for the tray's pages, whose failure shows on any tab).
 */
export async function createPodcast(
  source: CreationSource,
  tabId: number | undefined,
  pageTitle: string,
  pageUrl: string,
  read: () => Promise<Result<CreationBody>>,
  options: CreateOptions = {},
  readAlongOnTab = false,
): Promise<Result<Creation>> {
  let creation: Creation = {
    attemptId: crypto.randomUUID(),
    source,
    tabId,
    pageTitle,
    pageUrl,
    phase: 'reading',
    podcastId: null,
    title: pageTitle,
    status: null,
    progress: 0,
    audioUrl: null,
    streamUrl: null,
    audioSeconds: null,
    estimatedSeconds: null,
    autoplayed: false,
    error: null,
    seen: false,
  };
  const update = async (change: Partial<Creation>) => {
    creation = { ...creation, ...change };
    await creationItem.setValue(creation);
    return creation;
  };
  const failWith = async (error: ExtensionError): Promise<Result<Creation>> => {
    await update({ phase: 'failed', error });
    return { ok: false, error };
  };

  await update({});
  const page = await read();
  if (!page.ok) return failWith(page.error);

  await update({ phase: 'sending', title: ('title' in page.value && page.value.title) || pageTitle });
  // Minutes only where the mode takes a length; no mode: the member's default, else the server's.
  const asked = askedLength(options);
  // One key per attempt: the server answers a request it already has with the podcast it made.
  // What the popup was told about the page stays here.
  const { listing: _listing, ...body } = page.value as typeof page.value & { listing?: unknown };
  const answer = await callServer((client) => client.podcasts.create({ ...body, ...asked, requestKey: creation.attemptId }));
  if (!answer.ok) return failWith(answer.error);

  const podcast = answer.value;
  let created = await update({
    phase: phaseOf(podcast.status),
    podcastId: podcast.id,
    title: podcast.title,
    status: podcast.status,
    progress: podcast.progress,
    audioUrl: podcast.audioUrl,
    streamUrl: podcast.streamUrl,
    audioSeconds: podcast.audioSeconds,
    estimatedSeconds: podcast.estimatedSeconds,
    error: podcast.error ? { code: 'INTERNAL_ERROR', message: podcast.error } : null,
    unreadable: podcast.unreadable,
    mode: podcast.mode,
    fallbackReason: podcast.fallbackReason,
  });
  await recentPodcastsItem.setValue([podcast, ...(await recentPodcastsItem.getValue()).filter((p) => p.id !== podcast.id)]);
  // Linked before it can start playing: read-along takes its steps in order.
  // A PDF's viewer has no paragraphs to light up.
  if (readAlongOnTab && tabId !== undefined && !('file' in page.value)) void linkSourceTab(podcast, tabId);
  // Audio already (a server that was quick): it plays now; otherwise once its first part is made.
  if (playsNow(created, podcast)) {
    created = await update({ autoplayed: true });
    playNewPodcast(podcast);
  }
  if (created.phase === 'converting') void trackPodcast(podcast.id);
  return ok(created);
}

/** The reader has seen how the latest podcast ended. */
export async function acknowledgeCreation(): Promise<Result<null>> {
  const creation = await creationItem.getValue();
  if (creation && (creation.phase === 'ready' || creation.phase === 'failed') && !creation.seen) {
    await creationItem.setValue({ ...creation, seen: true });
  }
  return ok(null);
}

/** The reader closed the card of the latest podcast (it stays in the list). */
export async function dismissCreation(): Promise<Result<null>> {
  await creationItem.setValue(null);
  return ok(null);
}
