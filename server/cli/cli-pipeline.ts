/**
 * The CLI's pipeline ports (`pagecast convert`): the configured writer and voice built by the
 * composition root, the page read by load-page.ts, extraction in this process.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { createEncoderPool } from '../machinery/audio/episode-encoder.ts';
import { voiceGainDb } from '../machinery/audio/loudness.ts';
import { extractArticle } from '../machinery/extract/extract-article.ts';
import { extractPdf } from '../machinery/extract/extract-pdf.ts';
import { FRESH_EPISODE, type EpisodeSegment } from '../machinery/speech/episode.ts';
import type { PipelinePorts } from '../pipeline/ports.ts';
import { createScriptWriter, createSpeechEngine } from '../wiring.ts';
import { loadPage } from './load-page.ts';

/**
 * The CLI's pipeline: the page is a web address, an HTML file or a PDF file, extraction runs in this process,
 * and the segments are appended to a part file renamed to `outFile` once the episode is whole.
 */
export async function createCliPipeline(parts: {
  config: Config;
  logger: Logger;
  baseUrl?: string | undefined;
  outFile: string;
  onTitle?: (title: string) => void;
  onSegment?: (segment: EpisodeSegment) => void;
}): Promise<PipelinePorts & { close(): Promise<void> }> {
  const partFile = `${parts.outFile}.${process.pid}.part`;
  const speech = await createSpeechEngine(parts.config, parts.logger);
  const encoders = createEncoderPool({ size: 1 });
  return {
    fetchPage: (source, signal) => loadPage(source, { baseUrl: parts.baseUrl, config: () => parts.config, signal }),
    extract: async (page) => ('pdf' in page ? extractPdf(page.pdf) : extractArticle(page.html, page.url)),
    scriptWriter: await createScriptWriter(parts.config, parts.logger),
    speech,
    encoders,
    gainDb: (voice) => voiceGainDb(speech.name, voice),
    async openEpisode() {
      await fs.promises.rm(partFile, { force: true });
      return {
        key: path.basename(parts.outFile),
        resume: FRESH_EPISODE,
        async segment(segment) {
          await fs.promises.appendFile(partFile, segment.bytes);
          parts.onSegment?.(segment);
        },
      };
    },
    scriptWritten: async (result) => parts.onTitle?.(result.title),
    titleWritten: async (title) => parts.onTitle?.(title),
    storeAudio: () => fs.promises.rename(partFile, parts.outFile),
    async close() {
      await fs.promises.rm(partFile, { force: true });
      await Promise.all([speech.close(), encoders.close()]);
    },
  };
}
