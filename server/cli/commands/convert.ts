/**
 * `pagecast convert <url|file.html> -o out.mp3`: the whole pipeline on this machine with the
 * configured providers (extract, script and title, speech into one MP3), showing progress as it goes.
 */
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../lib/logger.ts';
import { extractArticle } from '../../services/extract/extract-article.ts';
import { createScriptWriter } from '../../services/script/openai-writer.ts';
import { speakEpisode } from '../../services/speech/episode.ts';
import { createSpeechEngine } from '../../wiring.ts';
import { prepareScriptText } from '../../../shared/text/prepare-script-text.ts';
import { parseSourceArgs, UsageError, type CliCommand } from '../command.ts';
import { loadPage } from '../load-page.ts';

export const convertCommand: CliCommand = {
  name: 'convert',
  usage: 'pagecast convert <url|file.html> -o out.mp3 [--voice VOICE] [--base-url URL]',
  summary: 'turn a page into an MP3 podcast here, with the configured providers',
  async run(args, output) {
    const { source, values } = parseSourceArgs(args, {
      output: { type: 'string', short: 'o' },
      voice: { type: 'string' },
      'base-url': { type: 'string' },
    });
    const outFile = values.output;
    if (!outFile) throw new UsageError('Say where to write the MP3 with -o out.mp3');

    const config = loadConfig();
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
    const step = (text: string) => output.err(`${text}\n`);
    const started = performance.now();

    step(`Reading ${source}…`);
    const page = await loadPage(source, { baseUrl: values['base-url'], config: () => config });
    const article = extractArticle(page.html, page.url);
    step(`Writing the script for "${article.title || 'Untitled'}"…`);
    const script = await createScriptWriter({ ...config.openai, logger }).write({
      title: article.title ?? '',
      text: prepareScriptText(article.text),
    });
    if (script.fallbackReason) step(`  using the template script: ${script.fallbackReason}`);

    const engine = createSpeechEngine(config, logger);
    try {
      const voice = values.voice ?? engine.defaultVoice;
      if (!(await engine.voices()).some((v) => v.id === voice)) throw new UsageError(`Unknown voice: ${voice}`);
      step(`Speaking "${script.title}" (${engine.name}, ${voice})…`);
      const result = await speakEpisode({
        engine,
        text: script.script,
        voice,
        outFile: path.resolve(outFile),
        onProgress: (done, total) => step(`  ${Math.round((done / total) * 100)}% (${done}/${total} parts)`),
      });
      const seconds = (performance.now() - started) / 1000;
      output.out(
        `${JSON.stringify({ file: path.resolve(outFile), title: script.title, bytes: result.bytes, durationSeconds: result.durationMs / 1000, wallSeconds: Math.round(seconds * 10) / 10 })}\n`,
      );
      return 0;
    } finally {
      await engine.close();
    }
  },
};
