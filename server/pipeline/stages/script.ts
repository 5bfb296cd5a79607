/** script: plans the script and starts its writing; speech reads it as it is written. */
import { prepareScriptText } from '../../../shared/text/prepare-script-text.ts';
import { sourcesForModel } from '../../machinery/script/episode-sources.ts';
import { SECTION_INPUT_CHARS } from '../../machinery/script/mode-prompts.ts';
import type { PipelinePorts, PreparedArticle, ScriptSource, Stage, Telling } from '../ports.ts';
import { planScript } from '../script-plan.ts';
import { hostRate } from '../voice-rate.ts';

export function scriptStage(
  ports: Pick<PipelinePorts, 'scriptWriter' | 'speech' | 'wordsPerMinute'>,
  voice: string | null = null,
  telling: Telling = { mode: 'podcast', minutes: null },
): Stage<PreparedArticle, ScriptSource> {
  return {
    name: 'script',
    // The script is spoken as it is written: this stage starts the writing, speech reads it.
    // The writer falls back to a template itself when the AI fails, so its errors are the server's own.
    run: async (article, { signal }) => {
      const plan = planScript({
        mode: article.mode ?? telling.mode,
        minutes: article.minutes ?? telling.minutes,
        language: article.language,
        text: article.text,
        lines: article.lines ?? null,
        byline: article.byline ?? null,
        wordsPerMinute: await hostRate(ports, article.language, voice),
      });
      if (plan.mode !== 'read') {
        if (article.focus) plan.focus = article.focus;
        if (article.articleLanguage) plan.articleLanguage = article.articleLanguage;
        if (article.pageKind && !(article.sources && article.sources.length > 1)) plan.pageKind = article.pageKind;
      }
      let text = article.scriptText;
      const parts = article.sources;
      if (parts && parts.length > 1) {
        plan.source = { ...plan.source!, parts };
        if (plan.mode !== 'read') {
          // The model reads every source, each cut to its share of what the plan's requests carry.
          const sections = Math.max(1, (plan.maxRequests ?? 4) - 2);
          text = prepareScriptText(sourcesForModel(article.text, parts, sections * SECTION_INPUT_CHARS).text);
          plan.sources = parts.length;
        }
      }
      return {
        stream: ports.scriptWriter.stream({ title: article.title, text }, { signal, plan }),
        language: article.language,
        ...(plan.hosts ? { hosts: plan.hosts } : {}),
      };
    },
    retryable: () => false,
  };
}
