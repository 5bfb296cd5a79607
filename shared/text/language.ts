/**
 * The language an article is written in, as an ISO 639-1 code (`de`, `fr`, `ar`): detected from the
 * text with franc (trigram statistics, no data to fetch) when the text is long and clear enough to
 * tell, else the page's own declaration (Readability's `lang`, the html `lang`), else English. franc's tables (about
 * 14 MB in memory) load with the first detection, not with the server.
 */

/** franc's ISO 639-3 codes → ISO 639-1, for the languages it knows that have a two-letter code. */
const TWO_LETTER: Readonly<Record<string, string>> = {
  afr: 'af', als: 'sq', amh: 'am', arb: 'ar', ayr: 'ay', azj: 'az', bam: 'bm', bel: 'be', ben: 'bn',
  bod: 'bo', bos: 'bs', bul: 'bg', cat: 'ca', ces: 'cs', ckb: 'ku', cmn: 'zh', dan: 'da', deu: 'de',
  ekk: 'et', ell: 'el', eng: 'en', epo: 'eo', ewe: 'ee', fin: 'fi', fra: 'fr', fuv: 'ff', glg: 'gl',
  guj: 'gu', hat: 'ht', hau: 'ha', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu', hye: 'hy', ibo: 'ig',
  iii: 'ii', ind: 'id', ita: 'it', jav: 'jv', jpn: 'ja', kan: 'kn', kat: 'ka', kaz: 'kk', khk: 'mn',
  khm: 'km', kin: 'rw', kir: 'ky', kng: 'kg', kor: 'ko', lao: 'lo', lin: 'ln', lit: 'lt', lug: 'lg',
  lvs: 'lv', mal: 'ml', mar: 'mr', mkd: 'mk', mya: 'my', ndo: 'ng', nld: 'nl', nno: 'nn', nob: 'nb',
  npi: 'ne', nya: 'ny', pan: 'pa', pbu: 'ps', pes: 'fa', pol: 'pl', por: 'pt', prs: 'fa', qug: 'qu',
  quy: 'qu', quz: 'qu', ron: 'ro', run: 'rn', rus: 'ru', sag: 'sg', sin: 'si', slk: 'sk', slv: 'sl',
  sna: 'sn', som: 'so', sot: 'st', spa: 'es', srp: 'sr', ssw: 'ss', sun: 'su', swe: 'sv', swh: 'sw',
  tam: 'ta', tat: 'tt', tel: 'te', tgk: 'tg', tgl: 'tl', tha: 'th', tir: 'ti', tsn: 'tn', tso: 'ts',
  tuk: 'tk', tur: 'tr', uig: 'ug', ukr: 'uk', urd: 'ur', uzn: 'uz', ven: 've', vie: 'vi', wol: 'wo',
  xho: 'xh', ydd: 'yi', yor: 'yo', zlm: 'ms', zul: 'zu', plt: 'mg', zyb: 'za',
};
const DETECTABLE = Object.keys(TWO_LETTER);
const KNOWN_TWO_LETTER = new Set(Object.values(TWO_LETTER));

/** Old or alternative tags pages still declare. */
const ALIASES: Readonly<Record<string, string>> = { iw: 'he', in: 'id', ji: 'yi', no: 'nb', fil: 'tl', jw: 'jv', mo: 'ro' };

/** How much of the text is read to detect its language (franc's cost grows with it). */
const SAMPLE_CHARS = 4_000;
/** Below this many letters a declaration is trusted as it is and detection is not attempted. */
const MIN_LETTERS_TO_DETECT = 40;
/** A declaration in the text's own script is overruled only by at least this many letters of text. */
const MIN_LETTERS_TO_OVERRULE = 150;
/** The text is judged in passages of about this many letters, each read on its own. */
const PASSAGE_LETTERS = 120;
/** A passage reads as another language when that language is its best match and the declared one scores this much lower. */
const PASSAGE_MARGIN = 0.03;
/** The share of the text (by letters) that must read as another language to overrule the declaration. */
const OVERRULE_SHARE = 0.6;
export const DEFAULT_LANGUAGE = 'en';

// One paragraph inside an article (a front page's teaser of a page in another language) is judged on
// its own, and franc guesses short text badly: a paragraph takes a language of its own only when it is
// long enough and the guess is clear, else it keeps the article's. Measured on the corpora's 4,803
// paragraphs (scripts/speech-eval/paragraph-language.ts): one left its own page's language (a list of
// package names); set in a page of another language, about half take their own, and one a wrong one
// (Russian as Bulgarian; Latin placeholder text aside).
/** A paragraph shorter than this keeps the article's language. */
const PARAGRAPH_MIN_LETTERS = 80;
/** How far below the paragraph's best match the article's language must score. */
const PARAGRAPH_MARGIN = 0.1;
/** How far below the best the runner-up must score (close languages, es and ca, ru and bg, are confused). */
const PARAGRAPH_LEAD = 0.05;

/** `de-AT`, `DE`, `pt_BR` → `de`, `de`, `pt`; null when it is not a language tag. */
export function normaliseLanguage(tag: string | null | undefined): string | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(base)) return null;
  if (base === 'und' || base === 'mul' || base === 'zxx') return null; // undetermined, several, none
  return ALIASES[base] ?? base;
}

const letterCount = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** The text's languages as franc ranks them: two-letter code → score (the best is 1). */
export async function rank(text: string): Promise<Map<string, number>> {
  const { francAll } = await import('franc');
  const ranked = new Map<string, number>();
  for (const [code, score] of francAll(text, { only: DETECTABLE, minLength: 10 })) {
    const two = TWO_LETTER[code];
    if (two && !ranked.has(two)) ranked.set(two, score);
  }
  return ranked;
}

/** The text cut at sentence ends into passages of at least PASSAGE_LETTERS letters (the last may be shorter). */
function passages(text: string): string[] {
  const out: string[] = [];
  let passage = '';
  for (const sentence of text.split(/(?<=[.!?。！？\n])\s*/u)) {
    passage += `${sentence} `;
    if (letterCount(passage) >= PASSAGE_LETTERS) {
      out.push(passage);
      passage = '';
    }
  }
  if (letterCount(passage) >= MIN_LETTERS_TO_DETECT || !out.length) out.push(passage);
  return out;
}

/** The share of the text's letters in passages that clearly read as `language` rather than as `declared`. */
async function shareReadingAs(text: string, language: string, declared: string): Promise<number> {
  let total = 0;
  let clear = 0;
  for (const passage of passages(text)) {
    const letters = letterCount(passage);
    const ranked = await rank(passage);
    total += letters;
    const best = ranked.keys().next().value;
    if (best === language && 1 - (ranked.get(declared) ?? 0) >= PASSAGE_MARGIN) clear += letters;
  }
  return total ? clear / total : 0;
}

/**
 * The article's language (ISO 639-1). The text decides when it can: a declared `lang` in another
 * script than the text's is overruled at once; one in the same script only when the text is long
 * enough and most of it, read passage by passage, clearly reads as the text's best match instead
 * (a template's lang="en" over a German article, lang="de" over an English one). The declaration
 * decides when the text is short or ambiguous (franc's scores for a whole long text all crowd near
 * 1, so only short passages tell related languages apart), or in a language the detector does not
 * know; without one, the text's best match; else English.
 */
export async function detectLanguage(text: string, declared?: string | null): Promise<string> {
  const stated = normaliseLanguage(declared);
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = letterCount(sample);
  if (letters < MIN_LETTERS_TO_DETECT) return stated ?? DEFAULT_LANGUAGE;
  const ranked = await rank(sample);
  const best = ranked.keys().next().value;
  if (!best) return stated ?? DEFAULT_LANGUAGE;
  if (!stated) return best;
  if (!KNOWN_TWO_LETTER.has(stated) || stated === best) return stated;
  // Written in another script than the declared language's (Japanese may be mostly kanji, read as Chinese).
  if (!ranked.has(stated) && !(stated === 'ja' && best === 'zh')) return best;
  if (letters < MIN_LETTERS_TO_OVERRULE) return stated;
  return (await shareReadingAs(sample, best, stated)) >= OVERRULE_SHARE ? best : stated;
}

/**
 * The language one paragraph of an article is written in, when it clearly is not the article's
 * (`around`); null when it is, or when the paragraph is too short or too close to call. A paragraph
 * in another script than the article's language takes its best match (Japanese written mostly in
 * kanji, which reads as Chinese, excepted).
 */
export async function paragraphLanguage(text: string, around: string): Promise<string | null> {
  const article = normaliseLanguage(around) ?? DEFAULT_LANGUAGE;
  if (!KNOWN_TWO_LETTER.has(article) || letterCount(text) < PARAGRAPH_MIN_LETTERS) return null;
  const ranked = await rank(text.slice(0, SAMPLE_CHARS));
  const [best, second] = [...ranked];
  if (!best || best[0] === article || (article === 'ja' && best[0] === 'zh')) return null;
  if (!ranked.has(article)) return best[0];
  if (1 - ranked.get(article)! < PARAGRAPH_MARGIN) return null;
  return second && 1 - second[1] < PARAGRAPH_LEAD ? null : best[0];
}

/** Whether a paragraph is too short to be given a language of its own. */
export const isShortParagraph = (text: string): boolean => letterCount(text) < PARAGRAPH_MIN_LETTERS;

/** The language a short text reads most like, if franc can tell at all; no more than a hint. */
export async function bestGuess(text: string): Promise<string | null> {
  return letterCount(text) < 10 ? null : ((await rank(text)).keys().next().value ?? null);
}
