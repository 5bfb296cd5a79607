/**
 * "Hear it": a short text spoken as an episode of the member's would speak it, with the same voice
 * (their chosen one, for the text's language), their pronunciations and the speech stage's own
 * episode maker, answered as one MP3. Members only, a few dozen an hour: it spends the real engine.
 */
import type { SpeechTextRequest } from '../../shared/api/pronunciations.ts';
import { normaliseLanguage } from '../../shared/text/language.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { ServerPipeline } from '../pipeline/ports.ts';
import { scriptSentences } from '../machinery/script/sentence-cutter.ts';
import { speakEpisode } from '../machinery/speech/episode.ts';
import { SpeechError } from '../machinery/speech/speech-error.ts';
import { baseLanguage, hostVoices } from '../machinery/speech/language-voices.ts';
import { chooseVoice } from './choose-voice.ts';
import type { Caller } from './identify-caller.ts';
import { callerPronunciations, takeSpeechTurn } from './read-speech-text.ts';

/** Previews a member may hear in an hour. */
export const PREVIEWS_PER_HOUR = 60;
/** The longest text a preview speaks: a sentence or two, not an episode. */
export const PREVIEW_CHARS = 500;

export interface SpeakPreviewDeps {
  db: Database;
  clock: () => Date;
  pipeline: Pick<ServerPipeline, 'speech' | 'encoders' | 'gainDb'>;
}

/** The MP3 of `text` in the member's voice; throws VALIDATION_ERROR for a text too long, RATE_LIMITED past the hour's allowance. */
export async function speakPreview(deps: SpeakPreviewDeps, caller: Caller, request: SpeechTextRequest, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  if (request.text.length > PREVIEW_CHARS) {
    throw new AppError('VALIDATION_ERROR', { message: `The text to hear is too long: at most ${PREVIEW_CHARS} characters.` });
  }
  await takeSpeechTurn(deps, 'previews', `user:${caller.userId}`, PREVIEWS_PER_HOUR, 'Too many previews heard in the last hour.');
  const { speech, encoders } = deps.pipeline;
  const language = normaliseLanguage(request.lang) ?? 'en';
  const chosen = await chooseVoice({ db: deps.db, speech }, undefined, caller);
  const voice = hostVoices(speech.name, language, chosen, speech.defaultVoice, speech.naturalVoices?.(baseLanguage(language))).host;
  const parts: Uint8Array[] = [];
  const speak = speakEpisode({
    engine: speech,
    voice,
    language,
    sentences: scriptSentences(request.text),
    encoders,
    gainDb: deps.pipeline.gainDb(voice),
    pronunciations: await callerPronunciations(deps, caller),
    onSegment: async (segment) => {
      parts.push(segment.bytes);
    },
    signal,
  });
  try {
    await speak;
  } catch (err) {
    if (signal?.aborted) throw err;
    // Text without a word (or a voice that made none) is the caller's to change; a provider fault is not.
    if (err instanceof SpeechError && !/[\p{L}\p{N}]/u.test(request.text)) {
      throw new AppError('VALIDATION_ERROR', { message: 'There is nothing in this text a voice can read.', cause: err });
    }
    throw new AppError('INTERNAL_ERROR', { message: 'The voice could not speak this text just now. Please try again.', cause: err });
  }
  return new Uint8Array(Buffer.concat(parts));
}
