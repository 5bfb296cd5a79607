/**
 * The length an episode is planned at, checked against the caller's plan before anything is queued:
 * the estimate and Create both call it with every article the episode will read (one, or several
 * sources, each apart: their texts are joined only once the episode is made), so what the estimate
 * says is what Create checks, and the limit holds for every source. The words are the extraction
 * worker's counts.
 */
import type { PodcastMode } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import { askedMinutes, estimateEpisodeSeconds } from '../pipeline/script-plan.ts';
import type { ServerPipeline } from '../pipeline/ports.ts';
import { hostRate } from '../pipeline/voice-rate.ts';
import { checkEpisodeLength } from '../services/podcasts/episode-length.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { aiConfigured } from './choose-mode.ts';
import type { Caller } from './identify-caller.ts';
import { wordsOf, type WordBudget } from './read-sources.ts';

export interface PlanEpisodeLengthDeps {
  config: Pick<Config, 'openai' | 'limits' | 'stripe'>;
  speech: Pick<SpeechEngine, 'name' | 'defaultVoice' | 'naturalVoices'>;
  pipeline: Pick<ServerPipeline, 'wordsPerMinute'>;
}

export interface EpisodeLengthPlan {
  words: number;
  estimatedSeconds: number;
}

/** The episode's words and likely seconds; throws EPISODE_TOO_LONG past the caller's limit. */
export async function planEpisodeLength(
  deps: PlanEpisodeLengthDeps,
  input: {
    caller: Pick<Caller, 'isPremium'> | null;
    mode: PodcastMode;
    minutes: number | null;
    voice: string | null;
    articles: readonly { text: string; language: string; pages?: number | null | undefined; words?: number | null | undefined }[];
  },
): Promise<EpisodeLengthPlan> {
  const sources = await Promise.all(
    input.articles.map(async (article) => {
      const wordsPerMinute = await hostRate({ ...deps.pipeline, speech: deps.speech }, article.language, input.voice);
      return { seconds: estimateEpisodeSeconds('read', null, article, wordsPerMinute), pages: article.pages ?? null, words: wordsOf(article) };
    }),
  );
  const read = sources.reduce((sum, s) => sum + s.seconds, 0);
  // A retelling runs the minutes asked (or the article, when shorter); reading runs the whole text.
  const asked = askedMinutes(input.mode, input.minutes);
  const estimatedSeconds = asked === null ? read : Math.min(read, asked * 60);
  checkEpisodeLength({
    sources: asked === null ? sources : [{ seconds: estimatedSeconds }],
    premium: input.caller?.isPremium ?? false,
    mode: input.mode,
    limits: deps.config.limits,
    shorterModes: aiConfigured(deps.config),
    premiumOffered: deps.config.stripe !== undefined,
  });
  return { words: sources.reduce((sum, s) => sum + s.words, 0), estimatedSeconds };
}

/** Words a minute the budget of several sources allows for: twice espeak's English pace, above any voice's. */
const FASTEST_WORDS_PER_MINUTE = 2 * 168;

/**
 * The words an episode of several sources may hold together, read as they arrive: past the most the
 * fastest voice speaks within the caller's limit, the reading stops; then `refuse` plans the sources
 * read so far, each apart (none joined), which refuses the episode when it reads them all.
 */
export function sourcesWordBudget(
  deps: PlanEpisodeLengthDeps,
  input: { caller: Pick<Caller, 'isPremium'> | null; mode: PodcastMode; minutes: number | null; voice: string | null },
): WordBudget {
  const limits = deps.config.limits;
  const minutes = input.caller?.isPremium ? limits.premiumMaxEpisodeMinutes : limits.maxEpisodeMinutes;
  return {
    words: minutes * FASTEST_WORDS_PER_MINUTE,
    refuse: async (read) => void (await planEpisodeLength(deps, { ...input, articles: read })),
  };
}
