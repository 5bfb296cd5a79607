/** How both UIs name a podcast's status. */
import type { PodcastStatus } from '../api/podcasts.ts';
import type { PodcastMode } from '../constants.ts';

export const PODCAST_STATUS_LABELS: Readonly<Record<PodcastStatus, string>> = {
  queued: 'Waiting to start',
  writing: 'Writing the script',
  speaking: 'Recording the audio',
  ready: 'Ready to play',
  failed: 'Failed to create podcast',
  drafted: 'Script ready to edit',
};

/** What a card says when the AI failed and the episode was read from the article instead. */
export const AI_FALLBACK_LABEL = 'AI unavailable, read from the article';

/** Why a script is not the AI's on a server with no AI model (the podcast's fallbackReason). */
export const NO_SCRIPT_WRITER_REASON = 'No AI script writer is configured';

/** What the script writer records when the AI wrote less than asked and the article made up the rest. */
const MADE_UP = /The AI wrote less than the length asked; (\d+) words were read from the article/;

/**
 * How a finished episode was made, in the card's words, from the podcast's recorded fallbackReason
 * (the same whether the card followed the conversion live or was loaded after): read from the article
 * as asked, written by the AI (made up from the article where it wrote too little), or read from the
 * article because no AI model is configured, the AI refused the server's key, or the AI was unreachable.
 */
export function howMadeLabel(podcast: { mode?: PodcastMode | undefined; fallbackReason?: string | null | undefined }): string {
  const reason = podcast.fallbackReason ?? '';
  if (podcast.mode === 'read') return 'Read from the article, word for word';
  if (reason === NO_SCRIPT_WRITER_REASON) return 'No AI model on this server: read from the article';
  if (/refused the API key/.test(reason)) return "The AI refused this server's API key: read from the article";
  if (reason.startsWith('The script was cut short:')) return 'The AI stopped partway: the episode ends early';
  if (/(^|\. )Script: /.test(reason)) return AI_FALLBACK_LABEL;
  const madeUp = MADE_UP.exec(reason);
  if (madeUp) return `Written by AI, which wrote less than asked: ${madeUp[1]} words read from the article make up the length`;
  if (/the article was read there instead/.test(reason)) return 'Written by AI, with parts read from the article';
  // A failed title alone leaves the script the AI's; a reason of its own is the one both requests met.
  if (reason && !reason.startsWith('Title: ')) return AI_FALLBACK_LABEL;
  return 'Script written by AI from the article';
}

/** The words a reader sees for a status: 'Writing the script', 'Ready to play'. */
export function podcastStatusLabel(status: PodcastStatus): string {
  return PODCAST_STATUS_LABELS[status];
}
