/** A voice's speaking rate, which turns the minutes asked for into a script's words. */
import { baseLanguage, hostVoices } from '../machinery/speech/language-voices.ts';
import type { PipelinePorts } from './ports.ts';

/** The rate assumed for a voice not measured (a test's engine). */
export const ASSUMED_WORDS_PER_MINUTE = 160;

/** A voice's words per minute: measured, else assumed (asking starts the measurement unless `measure` is false). */
export async function voiceRate(ports: Pick<PipelinePorts, 'wordsPerMinute'>, voice: string, measure = true): Promise<number> {
  return (await ports.wordsPerMinute?.(voice, { measure })) ?? ASSUMED_WORDS_PER_MINUTE;
}

/** The rate of the voice that will speak an article in `language`, given the voice asked for. */
export function hostRate(
  ports: Pick<PipelinePorts, 'wordsPerMinute'> & { speech: Pick<PipelinePorts['speech'], 'name' | 'defaultVoice' | 'naturalVoices'> },
  language: string,
  voice: string | null,
): Promise<number> {
  const natural = ports.speech.naturalVoices?.(baseLanguage(language));
  return voiceRate(ports, hostVoices(ports.speech.name, language, voice, ports.speech.defaultVoice, natural).host);
}
