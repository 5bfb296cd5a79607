/**
 * For tests: an article through the stages a conversion runs (prepare, script, speech) with the
 * template writer and in-memory ports; answers the cues the episode got.
 */
import type { EncoderPool } from '../machinery/audio/episode-encoder.ts';
import { createFallbackScriptWriter } from '../machinery/script/fallback-writer.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { FRESH_EPISODE, type EpisodeCue } from '../machinery/speech/episode.ts';
import type { Article } from '../pipeline/ports.ts';
import { prepareStage } from '../pipeline/stages/prepare.ts';
import { scriptStage } from '../pipeline/stages/script.ts';
import { speechStage } from '../pipeline/stages/speech.ts';

export async function speakThroughStages(article: Article, speech: SpeechEngine, encoders: EncoderPool): Promise<EpisodeCue[]> {
  const cues: EpisodeCue[] = [];
  const ctx = { signal: new AbortController().signal, progress: async () => {} };
  const ports = {
    scriptWriter: createFallbackScriptWriter(),
    speech,
    encoders,
    gainDb: () => 0,
    openEpisode: async () => ({ key: 'episode', resume: FRESH_EPISODE, segment: async (s: { cues: EpisodeCue[] }) => void cues.push(...s.cues) }),
    scriptWritten: async () => {},
    titleWritten: async () => {},
  };
  const prepared = await prepareStage().run(article, ctx);
  const script = await scriptStage(ports).run(prepared, ctx);
  await speechStage(ports, null).run(script, ctx);
  return cues;
}
