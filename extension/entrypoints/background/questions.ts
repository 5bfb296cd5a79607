/**
 * A question about the podcast playing, asked from the popup's player: the server answers it from the
 * article; each source is placed in the episode through its transcript, so the popup can move there.
 */
import { sourceStartSeconds } from '../../../shared/podcast/answer-sources.ts';
import type { AskedAnswer } from '../../messaging.ts';
import { fail, ok, type Result } from '../../result.ts';
import { playbackItem, serverUrlItem } from '../../storage.ts';
import { callServer } from './server.ts';
import { transcriptOf } from './transcript.ts';

export const NOTHING_PLAYING_MESSAGE = 'Play a podcast to ask about it.';

export async function askQuestion({ question, at }: { question: string; at: number }): Promise<Result<AskedAnswer>> {
  const playback = await playbackItem.getValue();
  if (!playback) return fail('NOT_FOUND', NOTHING_PLAYING_MESSAGE);
  const answer = await callServer((client) => client.questions.ask(playback.podcastId, { question, at: Math.round(at * 10) / 10 }));
  if (!answer.ok) return answer;
  const [transcript, serverUrl] = await Promise.all([transcriptOf(playback, at), serverUrlItem.getValue()]);
  const cues = transcript?.cues ?? [];
  return ok({
    ...answer.value,
    audioSrc: answer.value.audioUrl ? new URL(answer.value.audioUrl, serverUrl).href : null,
    sources: answer.value.sources.map((source) => ({ ...source, at: sourceStartSeconds(cues, source) })),
  });
}
