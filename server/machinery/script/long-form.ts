/**
 * The AI modes' writing, the same with any model. The minutes asked decide how many sections there
 * are (each with room for at least MIN_SECTION_WORDS, within the requests the plan allows); the
 * article is cut into parts and the outline request groups them into the sections and names them;
 * each section's script is then asked in order, with the end of what came before, at its share of
 * the word budget. A draft off its budget gets one follow-up while requests remain; one still too
 * long is cut at a sentence end, one too short goes on with the article's own sentences
 * (make-up-length.ts). The episode's frame, not the model, says the one welcome and the one thanks.
 * Planning is section-plan.ts; a section longer than a request carries is sent in part (send-in-part.ts).
 */
import { episodeFrame } from '../../../shared/text/fallback.ts';
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { cleanDraft, inOtherLanguage } from './draft.ts';
import { describeNotes, keepWithin, madeUpSentences, spokenWords } from './make-up-length.ts';
import { languagePrompt, outlinePrompt, resizePrompt, SECTION_INPUT_CHARS, sectionPrompt, type PromptContext, type SectionRequest } from './mode-prompts.ts';
import type { ChatPrompt } from './prompts.ts';
import { countWords, parseScript } from './script-format.ts';
import { paceOf } from './spoken-length.ts';
import { cutParts, evenStarts, firstWords, readOutline, sectionBudgets, sectionCount } from './section-plan.ts';
import { abridge } from './send-in-part.ts';
import type { ScriptSentence } from './types.ts';

export { MIN_SECTION_WORDS } from './section-plan.ts';

/** A draft within this share of its budget stands; outside it, a follow-up asks for the length. */
export const LENGTH_TOLERANCE = 0.12;

export interface LongFormInput {
  title: string;
  paragraphs: readonly string[];
  /** Indexes of paragraphs that are headings. */
  headings: ReadonlySet<number>;
  /** A kind letter per paragraph (shared/text/line-kinds.ts) when known: only prose makes up the length. */
  kinds?: string | null;
  targetWords: number;
  /**
   * The pace (spoken-length.ts) the words of `targetWords` are counted at: the article's. A draft's
   * words are weighed by its own pace against it, so a model writing plainer or longer words than the
   * article's still fills the minutes asked, no more.
   */
  pace?: number;
  context: PromptContext;
  /** Requests the script may make, the outline and the follow-ups included. */
  maxRequests: number;
  /** Said after the welcome: why the episode is shorter than asked. */
  note?: string;
  /** Asks the model; answers its text and whether the token limit cut it. */
  complete(prompt: ChatPrompt, purpose: 'outline' | 'section' | 'resize' | 'language'): Promise<{ text: string; truncated: boolean }>;
  emit(sentence: ScriptSentence): void;
  /** The article without an AI at the plan's length, between the frame's lines: said when the model fails before any section. */
  withoutAi(): ScriptSentence[];
  signal?: AbortSignal;
}

export interface LongFormResult {
  words: number;
  sections: number;
  requests: number;
  followUps: number;
  /** What the script holds besides the model's words, for the podcast's record; empty when nothing. */
  notes: string[];
  /** The article was longer than the requests could carry: each paragraph was sent in part. */
  condensed: boolean;
  /** The model failed: before any section (the article was read instead) or partway (`cutShort`). */
  failure: { error: unknown; cutShort: boolean } | null;
}

/**
 * Writes the script into `emit`: the frame's welcome, then section by section, then the frame's
 * thanks. A draft that refuses, or stays in another language, or falls short of its length after
 * the follow-up, is completed from the article's own sentences, and the result says so.
 */
export async function writeLongForm(input: LongFormInput): Promise<LongFormResult> {
  const { context } = input;
  const hosts = context.mode === 'conversation' ? context.hosts : undefined;
  const frame = episodeFrame(context.language);
  let requests = 0;
  const ask = async (prompt: ChatPrompt, purpose: Parameters<LongFormInput['complete']>[1]) => {
    requests += 1;
    return (await input.complete(prompt, purpose)).text;
  };

  const basePace = input.pace ?? 1;
  /** Words of `text` at the plan's pace: its words weighed by how long each takes to say. */
  const timed = (text: string) => (countWords(text) * paceOf(text)) / basePace;
  const timedOf = (sentences: readonly ScriptSentence[]) => timed(sentences.map((s) => s.text).join(' '));
  /** How much longer this model's words take to say than the plan's (its last draft's); asked for accordingly. */
  let modelPace = 1;
  let paragraph = 0;
  let written = '';
  let words = 0;
  const say = (sentences: ScriptSentence[], chapter?: string) => {
    if (sentences.length === 0) return;
    const base = paragraph;
    sentences.forEach((sentence, j) => {
      const out: ScriptSentence = { ...sentence, paragraph: base + sentence.paragraph };
      if (j === 0 && chapter) out.chapter = chapter;
      input.emit(out);
    });
    paragraph = base + sentences.at(-1)!.paragraph + 1;
    const text = sentences.map((s) => s.text).join(' ');
    written += ` ${text}`;
    words += timed(text);
  };
  const line = (text: string, speaker?: string) => say(splitSentences(text).map((t) => ({ text: t, paragraph: 0, ...(speaker ? { speaker } : {}) })));

  // The welcome is said at once: the voice starts while the first section is written.
  if (frame) line(frame.welcome, hosts?.[0]);
  if (input.note) line(input.note, hosts?.[0]);
  // The frame's words are part of the length asked.
  const targetWords = Math.max(1, input.targetWords - words - (frame ? timed(frame.thanks) : 0));
  const frameWords = words;
  const kindOf = new Map(input.kinds ? input.paragraphs.map((p, i) => [p, input.kinds![i] ?? 'p']) : []);
  const kindsOf = (paragraphs: readonly string[]) => (input.kinds ? paragraphs.map((p) => kindOf.get(p) ?? 'p').join('') : null);
  /** Words earlier sections lacked that their own prose could not make up. */
  let owed = 0;

  const notes = new Set<string>();
  let followUps = 0;
  let fromArticle = 0;
  let sectionsSaid = 0;
  let failure: LongFormResult['failure'] = null;
  let count = 1;
  try {
    const articleChars = input.paragraphs.reduce((n, p) => n + p.length + 1, 0);
    count = sectionCount(articleChars, targetWords, input.maxRequests);
    const parts = cutParts(input.paragraphs, input.headings, count);
    const groups = Math.min(count, parts.length);
    let starts = evenStarts(parts, groups);
    let outline = starts.map((start, i) => parts[start]!.heading ?? `Part ${i + 1}`);
    if (groups > 1) {
      const openings = parts.map((s) => firstWords(s.heading ? `${s.heading}: ${s.paragraphs[1] ?? ''}` : s.paragraphs[0] ?? '', 24));
      const read = readOutline(await ask(outlinePrompt(context, input.title, openings, groups), 'outline'), groups, parts.length);
      if (read) {
        starts = read.starts ?? starts;
        outline = read.names;
      }
    }
    const sections = starts.map((start, i) => parts.slice(start, starts[i + 1] ?? parts.length).flatMap((p) => p.paragraphs));
    const budgets = sectionBudgets(targetWords, sections.map((s) => s.reduce((n, p) => n + countWords(p), 0)));

    let ignoresLength = false;
    for (let i = 0; i < sections.length; i++) {
      const budget = Math.max(20, budgets[i]!);
      const { text, abridged } = abridge(sections[i]!, SECTION_INPUT_CHARS);
      if (abridged) notes.add('condensed');
      const request: SectionRequest = {
        index: i,
        count: sections.length,
        title: input.title,
        outline,
        text,
        before: lastWords(written, 120),
        words: Math.max(20, Math.round(budget / modelPace)),
        framed: frame !== null,
      };
      // Follow-ups spend only what the sections still to come leave over.
      const spare = () => input.maxRequests - requests - (sections.length - i - 1);
      let draft = cleanDraft(await ask(sectionPrompt(context, request), 'section'), { frame: frame !== null, hosts });
      if (!draft.refused && (await inOtherLanguage(stripSpeakers(draft.text, hosts), context.language)) && spare() > 0) {
        followUps += 1;
        draft = cleanDraft(await ask(languagePrompt(context, request, draft.text), 'language'), { frame: frame !== null, hosts });
      }
      let sentences: ScriptSentence[] = [];
      if (draft.refused) notes.add('refused');
      else if (!draft.text) notes.add('empty');
      else if (await inOtherLanguage(stripSpeakers(draft.text, hosts), context.language)) notes.add('language');
      else {
        const spoken = stripSpeakers(draft.text, hosts);
        modelPace = countWords(spoken) >= 20 ? paceOf(spoken) / basePace : modelPace;
        let draftWords = timed(spoken);
        if (!ignoresLength && Math.abs(draftWords - budget) > budget * LENGTH_TOLERANCE && spare() > 0) {
          followUps += 1;
          const resizeRequest = { ...request, words: Math.max(20, Math.round(budget / modelPace)) };
          const resized = cleanDraft(await ask(resizePrompt(context, resizeRequest, draft.text, countWords(spoken)), 'resize'), { frame: frame !== null, hosts });
          const resizedWords = timed(stripSpeakers(resized.text, hosts));
          // The follow-up's answer stands when it comes closer to the budget.
          if (!resized.refused && resizedWords > 0 && Math.abs(resizedWords - budget) < Math.abs(draftWords - budget)) {
            draft = resized;
            draftWords = resizedWords;
          }
          // A model that misses the length again writes its own size: later sections ask no follow-up.
          if (Math.abs(draftWords - budget) > budget * LENGTH_TOLERANCE) ignoresLength = true;
        }
        const draftPace = paceOf(stripSpeakers(draft.text, hosts)) / basePace;
        sentences = keepWithin(parseScript(draft.text, hosts), Math.round((budget * (1 + LENGTH_TOLERANCE)) / draftPace));
      }
      // Short of its length: the section goes on with the article's own prose, from about where the
      // draft's share ends, up to what it lacks (and what earlier sections could not make up) and no
      // further than the episode's length leaves after the sections still to come.
      const still = budgets.slice(i + 1).reduce((a, b) => a + Math.max(20, b), 0);
      const said = timedOf(sentences);
      const want = Math.min(budget - said + owed, targetWords - (words - frameWords) - said - still);
      if (want > budget * LENGTH_TOLERANCE) {
        // The article's prose, taken again at its own pace when that differs from the plan's.
        const pick = (n: number) => madeUpSentences(sections[i]!, kindsOf(sections[i]!), n, sentences.length ? said / budget : 0, hosts);
        let added = pick(Math.round(want));
        const prosePace = added.length ? timedOf(added) / spokenWords(added) : 1;
        if (Math.abs(prosePace - 1) > 0.03) added = pick(Math.round(want / prosePace));
        fromArticle += spokenWords(added);
        owed = Math.max(0, want - timedOf(added));
        if (added.length && !draft.refused && sentences.length) notes.add('short');
        sentences = [...sentences, ...added.map((s) => ({ ...s, paragraph: s.paragraph + (sentences.at(-1)?.paragraph ?? -1) + 1 }))];
      } else owed = Math.max(0, want);
      say(sentences, sections.length > 1 ? outline[i] : undefined);
      if (sentences.length) sectionsSaid += 1;
    }
  } catch (error) {
    if (input.signal?.aborted) throw error;
    failure = { error, cutShort: sectionsSaid > 0 };
    // Nothing of the model's was said: the article at the plan's length stands in.
    if (sectionsSaid === 0) say(input.withoutAi());
  }
  if (frame) line(frame.thanks, hosts?.[1] ?? hosts?.[0]);
  return { words: Math.round(words), sections: count, requests, followUps, notes: describeNotes(notes, fromArticle), condensed: notes.has('condensed'), failure };
}

function stripSpeakers(text: string, hosts: readonly string[] | undefined): string {
  return hosts ? parseScript(text, hosts).map((s) => s.text).join(' ') : text;
}

function lastWords(text: string, n: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.slice(-n).join(' ');
}
