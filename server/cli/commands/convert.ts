/**
 * `pagecast convert <url|file.html|file.pdf> -o out.mp3`: the whole pipeline on this machine with the
 * configured providers (the same stages a server job runs), showing progress as it goes. The mode is
 * the server's default (podcast with an AI, read without) unless `--mode` says; `--minutes` sets the
 * length of podcast and conversation, with the API's own rules and messages.
 */
import path from 'node:path';
import type { StageRecord } from '../../pipeline/ports.ts';
import type { Article, PreparedArticle, Source, Speech } from '../../pipeline/ports.ts';
import { baseLanguage, hostVoices } from '../../machinery/speech/language-voices.ts';
import type { ScriptStream } from '../../machinery/script/types.ts';
import { PODCAST_MINUTES, PODCAST_MODES, type PodcastMode } from '../../../shared/constants.ts';
import { parseSourceArgs, UsageError, type CliCommand } from '../command.ts';

/** `--mode` and `--minutes` as given, checked by the API's own fields (minutes: whole digits only). */
async function askedTelling(values: { mode?: string | undefined; minutes?: string | undefined }): Promise<{ mode?: PodcastMode; minutes?: number }> {
  // The schemas load only for this command, so `pagecast extract` starts without zod.
  const { minutesField, modeField } = await import('../../../shared/api/podcast-modes.ts');
  const mode = values.mode === undefined ? undefined : modeField.safeParse(values.mode);
  const minutes = values.minutes === undefined ? undefined : minutesField.safeParse(/^\d+$/.test(values.minutes) ? Number(values.minutes) : Number.NaN);
  for (const parsed of [mode, minutes]) if (parsed && !parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
  return { ...(mode?.success ? { mode: mode.data } : {}), ...(minutes?.success ? { minutes: minutes.data } : {}) };
}

export const convertCommand: CliCommand = {
  name: 'convert',
  usage: `pagecast convert <url|file.html|file.pdf> -o out.mp3 [--mode ${PODCAST_MODES.join('|')}] [--minutes N] [--voice VOICE] [--base-url URL]`,
  summary: 'turn a page into an MP3 podcast here, with the configured providers',
  async run(args, output) {
    const { source, values } = parseSourceArgs(args, {
      output: { type: 'string', short: 'o' },
      voice: { type: 'string' },
      mode: { type: 'string' },
      minutes: { type: 'string' },
      'base-url': { type: 'string' },
    });
    if (!values.output) throw new UsageError('Say where to write the MP3 with -o out.mp3');
    const asked = await askedTelling(values);
    const outFile = path.resolve(values.output);

    // The pipeline loads only for this command, so `pagecast extract` starts light.
    const [{ loadConfig }, { createLogger }, { runStages }, { conversionStages }, { createCliPipeline }, { aiConfigured, resolveMode }] = await Promise.all([
      import('../../config.ts'),
      import('../../lib/logger.ts'),
      import('../../pipeline/run-stages.ts'),
      import('../../pipeline/stages.ts'),
      import('../cli-pipeline.ts'),
      import('../../use-cases/choose-mode.ts'),
    ]);
    const config = loadConfig();
    let telling;
    try {
      telling = resolveMode(asked, { mode: aiConfigured(config) ? 'podcast' : 'read', minutes: PODCAST_MINUTES.default });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const step = (text: string) => output.err(`${text}\n`);
    // Warnings read as lines among the steps, not as the server's JSON log entries.
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, {}, (line, level) => {
      const entry = JSON.parse(line) as { msg: string; reason?: unknown };
      step(`  ${level}: ${entry.msg}${typeof entry.reason === 'string' ? ` (${entry.reason})` : ''}`);
    });
    const started = performance.now();
    let title = '';
    let language = 'en';
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
          if (stage === 'speech') {
            // The voice the speech stage takes: one of the article's language.
            const natural = speech.naturalVoices?.(baseLanguage(language));
            const spoken = hostVoices(speech.name, language, voice, speech.defaultVoice, natural).host;
            step(`Speaking "${title}" (${speech.name}, ${spoken}, ${language}, ${telling.mode} mode)…`);
          }
        },
        async save(stage, value) {
          if (stage === 'prepare') language = (value as PreparedArticle).language;
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
      const result = (await runStages(conversionStages(ports, voice, telling), { url: source } as Source, record, new AbortController().signal)) as Speech;
      const seconds = (performance.now() - started) / 1000;
      output.out(
        `${JSON.stringify({ file: outFile, title, mode: telling.mode, bytes: result.bytes, durationSeconds: result.durationMs / 1000, wallSeconds: Math.round(seconds * 10) / 10 })}\n`,
      );
      return 0;
    } finally {
      await ports.close();
    }
  },
};
