/**
 * A podcast's timed transcript (its cues and chapters) and the transcript as a file to keep, for its
 * owner (`{ podcastId }`) or anyone holding a shared link (`{ shareToken }`). Downloads are fetched
 * with the listener's identity (an anonymous owner's is a header) and handed to the browser.
 */
import type { Transcript } from '../../../../../shared/api/transcript.ts';
import { loadPagecastClient } from '../../../lib/api-client.ts';

export type TranscriptOf = { podcastId: string } | { shareToken: string };

const endpoints = () => import('../../../../../shared/client/endpoints.ts').then((m) => m.ENDPOINTS);

export async function fetchTranscript(of: TranscriptOf, signal?: AbortSignal): Promise<Transcript> {
  const [client, ENDPOINTS] = await Promise.all([loadPagecastClient(), endpoints()]);
  if ('podcastId' in of) return client.http.call(ENDPOINTS.transcript, { params: { id: of.podcastId }, signal });
  return client.http.call(ENDPOINTS.sharedTranscript, { params: { token: of.shareToken }, signal });
}

export type TranscriptFormat = 'vtt' | 'txt';

/** The transcript as WebVTT or plain text, saved under the podcast's title. */
export async function downloadTranscript(of: TranscriptOf, format: TranscriptFormat, title: string): Promise<void> {
  const [client, ENDPOINTS] = await Promise.all([loadPagecastClient(), endpoints()]);
  const owned = 'podcastId' in of;
  const endpoint = format === 'vtt' ? (owned ? ENDPOINTS.transcriptVtt : ENDPOINTS.sharedTranscriptVtt) : owned ? ENDPOINTS.transcriptText : ENDPOINTS.sharedTranscriptText;
  const params: Record<string, string> = owned ? { id: of.podcastId } : { token: of.shareToken };
  const res = await client.http.open(endpoint, { params });
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = transcriptFileName(title, format);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The podcast's title as a file name, with .vtt or .txt. */
export function transcriptFileName(title: string, format: TranscriptFormat): string {
  const safe = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '').replace(/\s+/g, ' ').trim().replace(/\.+$/, '');
  return `${safe || 'transcript'}.${format}`;
}
