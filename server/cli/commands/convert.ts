/**
 * `pagecast convert <url|file.html> -o out.mp3`: the whole pipeline on this machine with the
 * configured providers (the same stages a server job runs), showing progress as it goes.
 */
import path from 'node:path';
import type { StageRecord } from '../../pipeline/stage.ts';
import type { Article, Source, Speech } from '../../pipeline/stages.ts';
import type { ScriptStream } from '../../services/script/writer.ts';
import { parseSourceArgs, UsageError, type CliCommand } from '../command.ts';

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
    if (!values.output) throw new UsageError('Say where to write the MP3 with -o out.mp3');
    const outFile = path.resolve(values.output);

    // The pipeline loads only for this command, so `pagecast extract` starts light.
    const [{ loadConfig }, { createLogger }, { runStages }, { conversionStages }, { createCliPipeline }] = await Promise.all([
      import('../../config.ts'),
      import('../../lib/logger.ts'),
      import('../../pipeline/stage.ts'),
      import('../../pipeline/stages.ts'),
      import('../../wiring.ts'),
    ]);
    const config = loadConfig();
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
    const step = (text: string) => output.err(`${text}\n`);
    const started = performance.now();
    let title = '';
    const ports = await createCliPipeline({
      config,
      logger,
      baseUrl: values['base-url'],
      outFile,
      onTitle: (written) => (title = written || title),
      onSegment: (segment) => step(`  ${Math.round((segment.startMs + segment.durationMs) / 1000)} s spoken${segment.final ? ', done' : ''}`),
    });
    const { speech } = ports;
    try {
      const voice = values.voice ?? speech.defaultVoice;
      if (!(await speech.voices()).some((v) => v.id === voice)) throw new UsageError(`Unknown voice: ${voice}`);
      const record: StageRecord = {
        load: async () => undefined,
        async started(stage) {
          if (stage === 'fetch') step(`Reading ${source}…`);
          if (stage === 'speech') step(`Speaking "${title}" (${speech.name}, ${voice})…`);
        },
        async save(stage, value) {
          if (stage === 'extract') {
            title = (value as Article).title || 'Untitled';
            step(`Writing the script for "${title}"…`);
          }
          if (stage === 'script') {
            void (value as { stream: ScriptStream }).stream.result.then((script) => {
              if (script.fallbackReason) step(`  using the template script: ${script.fallbackReason}`);
            }, () => {});
          }
        },
        progress: async () => {},
      };
      // A CLI source may be a file path as well as a web address: the CLI's fetch port reads either.
      const result = (await runStages(conversionStages(ports, voice), { url: source } as Source, record, new AbortController().signal)) as Speech;
      const seconds = (performance.now() - started) / 1000;
      output.out(
        `${JSON.stringify({ file: outFile, title, bytes: result.bytes, durationSeconds: result.durationMs / 1000, wallSeconds: Math.round(seconds * 10) / 10 })}\n`,
      );
      return 0;
    } finally {
      await ports.close();
    }
  },
};
