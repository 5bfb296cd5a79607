/**
 * The words a question and an article's sentences are compared by: lower-cased, stop words out
 * (the `stopword` lists of the language), stemmed (Snowball, where it has the language); numbers
 * kept whole ("1,200" as 1200) and names (capitalised words not opening the sentence) marked.
 * A language neither library knows is compared by its lower-cased words.
 */
import snowball from 'snowball-stemmers';
import * as stopwords from 'stopword';

/** ISO 639-1 → the `stopword` list (ISO 639-3) and the Snowball algorithm. */
const LANGUAGES: Readonly<Record<string, { stop: string; stem?: string }>> = {
  en: { stop: 'eng', stem: 'english' },
  de: { stop: 'deu', stem: 'german' },
  fr: { stop: 'fra', stem: 'french' },
  es: { stop: 'spa', stem: 'spanish' },
  it: { stop: 'ita', stem: 'italian' },
  pt: { stop: 'por', stem: 'portuguese' },
  nl: { stop: 'nld', stem: 'dutch' },
  sv: { stop: 'swe', stem: 'swedish' },
  da: { stop: 'dan', stem: 'danish' },
  fi: { stop: 'fin', stem: 'finnish' },
  nb: { stop: 'nob', stem: 'norwegian' },
  no: { stop: 'nob', stem: 'norwegian' },
  ru: { stop: 'rus', stem: 'russian' },
  hu: { stop: 'hun', stem: 'hungarian' },
  ro: { stop: 'ron', stem: 'romanian' },
  tr: { stop: 'tur', stem: 'turkish' },
  ca: { stop: 'cat', stem: 'catalan' },
  eu: { stop: 'eus', stem: 'basque' },
  cs: { stop: 'ces', stem: 'czech' },
  ga: { stop: 'gle', stem: 'irish' },
  hy: { stop: 'hye', stem: 'armenian' },
  ar: { stop: 'ara', stem: 'arabic' },
  sl: { stop: 'slv', stem: 'slovene' },
  pl: { stop: 'pol' },
  el: { stop: 'ell' },
  uk: { stop: 'ukr' },
};

/**
 * Words that frame a question rather than say what it is about ("what does X mean", "tell me"):
 * an article answering it need not use them. English, the language the answer types are read in.
 */
const QUESTION_FRAME = new Set(
  'what when where who whom whose which why how much many mean means meaning meant called call stand stands define definition defined say says said tell explain exactly article author writer text piece please does did do is are was were'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu;

export interface Token {
  /** What the token is compared by: its stem, or a number's digits. */
  term: string;
  number: boolean;
  /** Written with a capital and not at the sentence's start (or a start the stop words do not claim). */
  name: boolean;
}

export interface Terms {
  tokens(text: string): Token[];
}

const stemmers = new Map<string, { stem(word: string): string }>();

/** The term rules of a language (ISO 639-1; a regional code such as `pt-BR` counts as its base). */
export function termsFor(language: string): Terms {
  const base = language.toLowerCase().split(/[-_]/)[0]!;
  const known = LANGUAGES[base];
  const list = known ? (stopwords[known.stop] ?? []) : [];
  const stop = new Set(list.map((w) => w.toLowerCase()));
  let stemmer = known?.stem ? stemmers.get(known.stem) : undefined;
  if (known?.stem && !stemmer) {
    stemmer = snowball.newStemmer(known.stem);
    stemmers.set(known.stem, stemmer);
  }
  const frame = base === 'en' ? QUESTION_FRAME : new Set<string>();
  return {
    tokens(text) {
      const out: Token[] = [];
      let first = true;
      for (const [word] of text.matchAll(WORD)) {
        const opening = first;
        first = false;
        if (/\p{N}/u.test(word)) {
          out.push({ term: word.replace(/(?<=\d)[,’'](?=\d{3})/g, ''), number: true, name: false });
          continue;
        }
        const lower = word.toLowerCase().replace(/[’']s$/, '');
        if (stop.has(lower) || frame.has(lower) || lower.length < 2) continue;
        out.push({ term: stemmer ? stemmer.stem(lower) : lower, number: false, name: /^\p{Lu}/u.test(word) && !opening });
      }
      return out;
    },
  };
}
