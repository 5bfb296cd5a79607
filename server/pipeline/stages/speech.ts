/** speech: the voice speaks the script sentence by sentence into the episode (ports.openEpisode). */
import { parseScript } from '../../machinery/script/script-format.ts';
import type { ScriptSentence } from '../../machinery/script/types.ts';
import { speakEpisode } from '../../machinery/speech/episode.ts';
import { baseLanguage, hostVoices } from '../../machinery/speech/language-voices.ts';
import { withParagraphLanguages } from '../../machinery/speech/paragraph-languages.ts';
import type { Pronunciations } from '../../../shared/text/pronunciations.ts';
import type { PipelinePorts, ScriptSource, Speech, Stage } from '../ports.ts';

/**
 * Each conversation host's voice: the first the episode's, the second another of its language; a
 * sentence in another language (a source of an episode of several, a paragraph of the article in another
 * language) the host voice of its language.
 */
function speakerVoices(source: ScriptSource, voices: { host: string; guest: string }, voiceOf: (language: string) => string) {
  const [first, second] = source.hosts ?? [];
  return (sentence: ScriptSentence): ScriptSentence => {
    if (sentence.language && !sentence.voice) return { ...sentence, voice: voiceOf(sentence.language) };
    if (!sentence.speaker) return sentence;
    const voice = sentence.speaker === second ? voices.guest : sentence.speaker === first ? voices.host : null;
    return voice ? { ...sentence, voice } : sentence;
  };
}

async function* mapSentences(sentences: AsyncIterable<ScriptSentence> | Iterable<ScriptSentence>, map: (s: ScriptSentence) => ScriptSentence) {
  for await (const sentence of sentences) yield map(sentence);
}

export function speechStage(
  ports: Pick<PipelinePorts, 'speech' | 'encoders' | 'gainDb' | 'openEpisode' | 'scriptWritten' | 'titleWritten'>,
  /** The voice asked for, or null for the engine's default. */
  voice: string | null,
  /** The member's own pronunciations, if any. */
  pronunciations?: Pronunciations,
): Stage<ScriptSource, Speech> {
  return {
    name: 'speech',
    async run(source, { signal }) {
      // The member's voice (kept on the podcast); the engine speaks the article's language (espeak
      // switches to a voice of it, an OpenAI-compatible voice speaks it as it is).
      const chosen = voice ?? ports.speech.defaultVoice;
      const language = source.language ?? 'en';
      const natural = ports.speech.naturalVoices?.(baseLanguage(language));
      const voices = hostVoices(ports.speech.name, language, voice, ports.speech.defaultVoice, natural);
      const spoken = voices.host;
      const sink = await ports.openEpisode(chosen);
      let written: Promise<void> = Promise.resolve();
      if ('stream' in source) {
        void source.stream.title.then((title) => (title ? ports.titleWritten(title) : undefined)).catch(() => {});
        written = source.stream.result.then((result) => ports.scriptWritten(result));
        written.catch(() => {}); // awaited below, once speech ends
      }
      // What was stored before a failure stays: playable, and where another attempt resumes.
      let result: Awaited<ReturnType<typeof speakEpisode>>;
      try {
        result = await speakEpisode({
          engine: ports.speech,
          voice: spoken,
          language,
          pronunciations,
          sentences: mapSentences(
            // a paragraph read from the article in another language is spoken in it (a front page's teaser)
            withParagraphLanguages(
              'stream' in source ? source.stream.sentences : (source.sentences ?? parseScript(source.written.script, source.hosts)),
              language,
            ),
            speakerVoices(source, voices, (other) =>
              baseLanguage(other) === baseLanguage(language)
                ? spoken
                : hostVoices(ports.speech.name, other, voice, ports.speech.defaultVoice, ports.speech.naturalVoices?.(baseLanguage(other))).host,
            ),
          ),
          encoders: ports.encoders,
          gainDb: ports.gainDb(spoken),
          resume: sink.resume,
          onSegment: (segment) => sink.segment(segment),
          signal,
        });
      } catch (err) {
        // A script written by then is kept, so another attempt speaks it rather than writing anew.
        await written.catch(() => {});
        throw err;
      }
      await written;
      return { key: sink.key, segments: result.segments, bytes: result.bytes, durationMs: Math.round(result.durationMs), voice: chosen };
    },
    // A provider that refuses for good (a wrong key) is not worth another attempt; any other fault is.
    retryable: (error) => (error as { retryable?: boolean }).retryable !== false,
  };
}
