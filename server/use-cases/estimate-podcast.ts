/**
 * What a podcast of a page would be, before it is made: the article's words, the episode's likely
 * length in the mode and minutes asked, its language and title. The page is fetched and read as for
 * Create (under the same fetch limits, and kept a few minutes so the Create that follows reuses it),
 * but nothing is stored and the daily allowance is untouched. An episode past the caller's length
 * limit is refused here as at Create.
 */
import type { EstimatePodcast, PodcastEstimate } from '../../shared/api/podcasts.ts';
import type { WithFiles } from '../../shared/api/podcast-files.ts';
import { fallbackTitle } from '../../shared/text/fallback.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { IntakePorts, ServerPipeline } from '../pipeline/ports.ts';
import { hostRate } from '../pipeline/voice-rate.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import type { ReceivedFile } from '../machinery/upload/read-form.ts';
import { chooseMode } from './choose-mode.ts';
import { chooseFocus, chooseLanguage } from './choose-steering.ts';
import { chooseVoice } from './choose-voice.ts';
import type { Caller } from './identify-caller.ts';
import { planEpisodeLength, sourcesWordBudget } from './plan-episode-length.ts';
import { readArticle, type ReadArticleDeps } from './read-article.ts';
import { languageOf, readSources, sourceIntroSeconds, sourcesTitle } from './read-sources.ts';

export interface EstimatePodcastDeps extends ReadArticleDeps {
  db: Database;
  config: Pick<Config, 'openai' | 'limits' | 'stripe'>;
  clock: () => Date;
  speech: Pick<SpeechEngine, 'voices' | 'name' | 'defaultVoice' | 'naturalVoices'>;
  pipeline: IntakePorts & Pick<ServerPipeline, 'wordsPerMinute'>;
}

export async function estimatePodcast(
  deps: EstimatePodcastDeps,
  input: { caller: Caller | null; clientAddress: string | null; request: WithFiles<EstimatePodcast, ReceivedFile> },
): Promise<PodcastEstimate> {
  const { caller, clientAddress, request } = input;
  const voice = await chooseVoice(deps, request.voice, caller);
  const { mode, minutes } = await chooseMode(deps, request, caller);
  chooseFocus(mode, request);
  const subject = { caller, clientAddress };
  if ('sources' in request) {
    const combined = await readSources(deps, subject, request.sources, sourcesWordBudget(deps, { caller, mode, minutes, voice }));
    const { articles } = combined;
    const language = languageOf(articles);
    // Each source apart, as Create checks them (their texts are never joined here), and read mode's introductions.
    const { words, estimatedSeconds } = await planEpisodeLength(deps, { caller, mode, minutes, voice, articles });
    const wordsPerMinute = await hostRate({ ...deps.pipeline, speech: deps.speech }, language, voice);
    return {
      words,
      estimatedSeconds: estimatedSeconds + sourceIntroSeconds(mode, minutes, combined, wordsPerMinute),
      ...chooseLanguage(deps, mode, request.language, language),
      title: sourcesTitle(articles),
      pages: null,
      listing: null,
      unreadable: combined.sources.unreadable,
    };
  }
  const source = 'url' in request || 'file' in request ? request : { ...request, sourceUrl: request.sourceUrl ?? '' };
  const article = await readArticle(deps, subject, source);
  const { words, estimatedSeconds } = await planEpisodeLength(deps, { caller, mode, minutes, voice, articles: [article] });
  return {
    unreadable: [],
    words,
    estimatedSeconds,
    ...chooseLanguage(deps, mode, request.language, article.language),
    title: article.title || fallbackTitle(article.text),
    pages: article.pages ?? null,
    listing: article.listing ?? null,
  };
}
