/**
 * The server's pipeline ports: pages fetched under the address policy, extraction in the worker
 * pool, the configured writer and voice, loudness by voice, each voice's measured speaking rate.
 * (The ports tied to a podcast's row are the job's: podcast-conversion.ts.)
 */
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { EncoderPool } from '../machinery/audio/episode-encoder.ts';
import { voiceGainDb } from '../machinery/audio/loudness.ts';
import type { ArticleExtractor } from '../machinery/extract/extractor.ts';
import { fetchPage } from '../machinery/fetch/fetch-page.ts';
import { BlockedAddressError } from '../machinery/fetch/resolve-target.ts';
import type { ScriptWriter } from '../machinery/script/types.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { createSpeakingRates } from '../machinery/speech/speaking-rate.ts';
import type { ServerPipeline } from './ports.ts';

/** The ports every job and request share. */
export function createServerPipeline(parts: {
  config: Pick<Config, 'fetchAllowHosts'> & Partial<Pick<Config, 'env'>>;
  extractor: ArticleExtractor;
  scriptWriter: ScriptWriter;
  speech: SpeechEngine;
  encoders: EncoderPool;
  logger?: Logger;
}): ServerPipeline {
  return {
    fetchPage: async (url, signal) => {
      try {
        return await fetchPage(url, { allowHosts: parts.config.fetchAllowHosts, signal });
      } catch (err) {
        // In development the refusal of a page on this machine names the setting that lets it through.
        const blocked = err instanceof AppError && err.cause instanceof BlockedAddressError ? err.cause : null;
        if (blocked?.hostPort && parts.config.env === 'development') {
          parts.logger?.warn(`refused a private address: to read pages at ${blocked.hostPort}, start the server with FETCH_ALLOW_HOSTS=${blocked.hostPort}`, {
            reason: blocked.message,
          });
        }
        throw err;
      }
    },
    extract: (page, options) =>
      'pdf' in page ? parts.extractor.extractPdf(page.pdf, options) : parts.extractor.extract(page.html, page.url, options),
    scriptWriter: parts.scriptWriter,
    speech: parts.speech,
    encoders: parts.encoders,
    gainDb: (voice) => voiceGainDb(parts.speech.name, voice),
    wordsPerMinute: createSpeakingRates(parts.speech, parts.encoders, parts.logger).wordsPerMinute,
  };
}
