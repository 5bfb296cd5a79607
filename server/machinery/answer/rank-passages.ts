/**
 * Which passages of an article answer a question, without an AI. Every sentence is scored with its
 * neighbours: each question word it holds counts by its rarity in the article (idf; a word the
 * article never uses counts as the rarest), in full in the sentence and half in the sentence before
 * or after it; names and numbers of the question count half again. The question's kind (when: a date,
 * how much: a number, who: a name, what is: a definition) adds a tenth of the question's weight to a
 * sentence that holds such an answer. Ties go to the passage nearest the paragraph just heard.
 *
 * The threshold: a passage answers only when it holds at least half of the question's weight and,
 * for a question of a kind, an answer of that kind. Below it, the article does not say.
 */
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { termsFor, type Token } from './question-terms.ts';

/** The share of the question's weight a passage must hold to answer it. */
export const ANSWER_COVERAGE = 0.5;
/** What a neighbour's words count for, beside the sentence's own. */
const NEIGHBOUR_SHARE = 0.5;
/** How much more a name or a number of the question weighs. */
const NAME_OR_NUMBER_WEIGHT = 1.5;
/** The bonus, as a share of the question's weight, for a sentence holding an answer of the question's kind. */
const KIND_BONUS = 0.1;

export type QuestionKind = 'date' | 'number' | 'name' | 'definition' | null;

/** A sentence of the article: its paragraph (the line of the article's text, from 0) and its words. */
export interface ArticleSentence {
  paragraph: number;
  text: string;
}

export interface Passage {
  /** The sentences in article order: the best one, with the neighbours that hold some of the question. */
  sentences: ArticleSentence[];
  score: number;
  /** The share of the question's weight the passage holds, 0 to 1. */
  coverage: number;
  /** The question is of a kind and the passage holds an answer of it (true for a question of no kind). */
  kindMet: boolean;
}

export interface Ranking {
  /** The passages, best first (at most `limit`, never overlapping). */
  passages: Passage[];
  /** The best passage passes the threshold. */
  answered: boolean;
}

const MONTHS =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday|spring|summer|autumn|winter)\b/i;
const YEAR_OR_DATE = /\b(1[0-9]{3}|20[0-9]{2})s?\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\bcentury\b/i;
const NUMBER_WORDS = /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion|dozen|half|quarter)\b/i;
/** The words that name a question's kind of answer. */
const KIND_WORDS = /\b(how (much|many|long|far|old|big|large|tall|high|often|fast)|what (year|date|day|month|time)|which (year|date|day|month)|since when|how long ago)\b/gi;
const DEFINING = /\b(is|are|was|were|means|meant|refers? to|stands? for|is called|are called|known as|defined as|describes?)\b|[:—–]/i;

/** The kind of answer an English question asks for, from its opening words. */
export function questionKind(question: string, language: string): QuestionKind {
  if (!language.toLowerCase().startsWith('en')) return null;
  const q = question.toLowerCase().replace(/\s+/g, ' ').trim();
  if (/\b(when|what (year|date|day|month|time)|which (year|date|day|month)|since when|how long ago)\b/.test(q)) return 'date';
  if (/\bhow (much|many|long|far|old|big|large|tall|high|often|fast)\b|\bwhat (was|is|were|are) the (total|sum|cost|price|number|amount|figure|share|rate|percentage|population|budget|bill)\b/.test(q)) {
    return 'number';
  }
  if (/^(who|whom|whose)\b|\bwho (is|was|were|said|says|wrote|made|built|founded|led|won|invented|designed|runs|ran)\b/.test(q)) return 'name';
  if (/\b(what (is|are|was|were) (an? |the )?[\p{L}\p{N}' -]+$|what does .+ mean|meaning of|define|definition of|what do .+ mean)/u.test(q.replace(/[?.!]+$/, ''))) {
    return 'definition';
  }
  return null;
}

function holdsKind(kind: QuestionKind, sentence: string, tokens: Token[], questionTerms: Set<string>): boolean {
  switch (kind) {
    case null:
      return true;
    case 'date':
      return YEAR_OR_DATE.test(sentence) || MONTHS.test(sentence);
    case 'number':
      return tokens.some((t) => t.number) || NUMBER_WORDS.test(sentence);
    case 'name':
      return tokens.some((t) => t.name && !questionTerms.has(t.term));
    case 'definition':
      return DEFINING.test(sentence) && tokens.some((t) => questionTerms.has(t.term));
  }
}

/** The article's sentences, paragraph by paragraph (a line of its text each). */
export function articleSentences(text: string): ArticleSentence[] {
  return text.split('\n').flatMap((line, paragraph) =>
    line.trim() ? splitSentences(line.trim()).map((s) => ({ paragraph, text: s.trim() })).filter((s) => s.text) : [],
  );
}

export interface RankInput {
  question: string;
  /** The article as stored: one paragraph a line. */
  text: string;
  language: string;
  /** The article's paragraph just heard, when the question was asked during the episode. */
  heardParagraph?: number | null;
  /** How many passages to answer (default 1). */
  limit?: number;
}

export function rankPassages(input: RankInput): Ranking {
  const terms = termsFor(input.language);
  const sentences = articleSentences(input.text);
  const tokens = sentences.map((s) => terms.tokens(s.text));
  const sets = tokens.map((list) => new Set(list.map((t) => t.term)));
  const df = new Map<string, number>();
  for (const set of sets) for (const term of set) df.set(term, (df.get(term) ?? 0) + 1);
  const n = sentences.length;
  const idf = (term: string) => Math.log((n + 1) / ((df.get(term) ?? 0) + 0.5));

  const asked = new Map<string, number>();
  // The words naming the kind of answer ("how long", "what year") are met by the kind, not by words.
  const kind = questionKind(input.question, input.language);
  const about = kind ? input.question.replace(KIND_WORDS, ' ') : input.question;
  for (const token of terms.tokens(about)) {
    const weight = idf(token.term) * (token.name || token.number ? NAME_OR_NUMBER_WEIGHT : 1);
    asked.set(token.term, Math.max(asked.get(token.term) ?? 0, weight));
  }
  const total = [...asked.values()].reduce((a, b) => a + b, 0);
  const askedTerms = new Set(asked.keys());
  if (n === 0 || total === 0) return { passages: [], answered: false };

  const scored = sentences.map((sentence, i) => {
    let held = 0;
    const from = new Set<number>();
    for (const [term, weight] of asked) {
      if (sets[i]!.has(term)) held += weight;
      else {
        const neighbour = [i - 1, i + 1].find((j) => sets[j]?.has(term));
        if (neighbour !== undefined) {
          held += weight * NEIGHBOUR_SHARE;
          from.add(neighbour);
        }
      }
    }
    const kindAt = [i, ...from].find((j) => holdsKind(kind, sentences[j]!.text, tokens[j]!, askedTerms));
    const kindMet = kind === null || kindAt !== undefined;
    if (kind !== null && kindAt !== undefined && kindAt !== i) from.add(kindAt);
    const bonus = kind !== null && kindAt === i ? KIND_BONUS * total : 0;
    return { i, held, score: held + bonus, coverage: held / total, kindMet, from };
  });

  const heard = input.heardParagraph;
  const distance = (i: number) => (heard === null || heard === undefined ? 0 : Math.abs(sentences[i]!.paragraph - heard));
  const order = scored
    .filter((s) => s.held > 0)
    .sort((a, b) => b.score - a.score || distance(a.i) - distance(b.i) || a.i - b.i);

  const taken = new Set<number>();
  const passages: Passage[] = [];
  for (const best of order) {
    if (passages.length >= (input.limit ?? 1)) break;
    const members = [best.i, ...best.from].sort((a, b) => a - b);
    if (members.some((m) => taken.has(m))) continue;
    members.forEach((m) => taken.add(m));
    passages.push({ sentences: members.map((m) => sentences[m]!), score: best.score, coverage: best.coverage, kindMet: best.kindMet });
  }
  const top = passages[0];
  return { passages, answered: !!top && top.coverage >= ANSWER_COVERAGE && top.kindMet };
}

/** A passage's sentences gathered by paragraph, as an answer's sources. */
export function passageSources(passage: Passage): { paragraph: number; text: string }[] {
  const sources: { paragraph: number; text: string }[] = [];
  for (const sentence of passage.sentences) {
    const last = sources.at(-1);
    if (last && last.paragraph === sentence.paragraph) last.text += ` ${sentence.text}`;
    else sources.push({ paragraph: sentence.paragraph, text: sentence.text });
  }
  return sources;
}
