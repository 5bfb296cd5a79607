/**
 * The template's paragraphs at the length asked, shared by the one-source template
 * (mode-fallback.ts) and an episode of several sources (episode-sources.ts).
 */
import { FALLBACK_SCRIPT_PARAGRAPHS } from '../../../shared/constants.ts';
import { FALLBACK_THANKS, FALLBACK_WELCOME } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { countWords } from './script-format.ts';
import type { ScriptPlan } from './types.ts';

/**
 * The paragraphs of the template for a plan: brief's first five, podcast's and conversation's as many
 * as fit; within the plan's words either way, the last one cut at a sentence end (an article of one
 * long paragraph is not read whole for a two-minute brief).
 */
export function templateParagraphs(text: string, plan: Pick<ScriptPlan, 'mode' | 'targetWords'> | undefined): string[] {
  const paragraphs = text.split(/\n+/).map((p) => p.trim()).filter(Boolean);
  if (!plan || plan.targetWords === null) return paragraphs.slice(0, FALLBACK_SCRIPT_PARAGRAPHS);
  const candidates = plan.mode === 'brief' ? paragraphs.slice(0, FALLBACK_SCRIPT_PARAGRAPHS) : paragraphs;
  // An article within the words asked (its own length, when it is short) is read whole.
  if (countWords(candidates.join(' ')) <= plan.targetWords) return candidates;
  const room = Math.max(1, plan.targetWords - countWords(FALLBACK_WELCOME) - countWords(FALLBACK_THANKS));
  const kept: string[] = [];
  let words = 0;
  for (const paragraph of candidates) {
    const n = countWords(paragraph);
    if (words + n <= room) {
      kept.push(paragraph);
      words += n;
      continue;
    }
    // The paragraph that does not fit is read up to the sentence that would pass the length.
    const part: string[] = [];
    for (const sentence of splitSentences(paragraph)) {
      const m = countWords(sentence);
      if (words + m > room && (kept.length > 0 || part.length > 0)) break;
      part.push(sentence);
      words += m;
    }
    if (part.length) kept.push(part.join(' '));
    break;
  }
  return kept;
}
