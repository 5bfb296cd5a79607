/**
 * A census of the tokens a newsreader might say differently, on the text of real pages
 * (../shared/corpora/wcxb-dev/, each page's labelled main_content): every token holding a digit, a
 * symbol or two capitals, read in its sentence (four words either side) through the front end.
 *
 *   npx tsx scripts/speech-eval/census.ts sample       prints the judged sample's tokens, as read now
 *   npx tsx scripts/speech-eval/census.ts snapshot     keeps what the sample reads now as `before`
 *
 * Two counts: over every token, those whose reading still holds a mark a voice reads wrongly (a
 * slash or colon between digits, a currency or other sign, a unit glued to letters; in English any
 * digit), found by pattern; and over a fixed sample (every n-th token, never picked by hand), those a
 * listener judged wrong by reading them (census-sample.json: `before` and `after` verdicts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scriptSentences } from '../../server/machinery/script/sentence-cutter.ts';
import { detectLanguage } from '../../shared/text/language.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';

const WCXB = path.resolve(import.meta.dirname, '../../../shared/corpora/wcxb-dev/ground-truth');
const SAMPLE_FILE = path.join(import.meta.dirname, 'census-sample.json');
const LANGUAGES = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'ru']);
/** How many tokens of each language the judged sample holds (the pages are nearly all English). */
const SAMPLE_SIZE: Record<string, number> = { en: 120 };
const OTHER_SAMPLE = 20;

export interface CensusToken {
  page: string;
  language: string;
  token: string;
  /** The token with up to four words either side, as written. */
  window: string;
}

// A token with a digit, a sign, or two capitals ("NATO", "iPhone" not: one capital).
const TOKEN = /(?<!\S)\S*(?:\d|[$€£¥₹%§°±≈×÷/@#&+=<>~^♭♯⁻²³½¼¾]|\p{Lu}\S*\p{Lu})\S*/gu;
// What a voice reads wrongly if the reading still holds it.
const MARK_LEFT = /\d\s?[/:]\s?\d|[$€£¥₹§±≈♭♯⁻^~#]|\d\p{L}|\p{L}\d|\b\p{L}{1,3}\/\p{L}{1,3}\b/u;

/** Every token of the pages in a language with reading rules, in page order. */
export async function censusTokens(): Promise<CensusToken[]> {
  const tokens: CensusToken[] = [];
  if (!fs.existsSync(WCXB)) return tokens;
  for (const file of fs.readdirSync(WCXB).sort()) {
    const truth = JSON.parse(fs.readFileSync(path.join(WCXB, file), 'utf8')) as { main_content?: string };
    const text = truth.main_content ?? '';
    if (!text.trim()) continue;
    const language = await detectLanguage(text);
    if (!LANGUAGES.has(language)) continue;
    for (const sentence of scriptSentences(text)) {
      const words = sentence.text.split(/\s+/);
      words.forEach((word, i) => {
        TOKEN.lastIndex = 0;
        if (!TOKEN.test(word) || word.length > 60) return;
        tokens.push({ page: file.replace(/\.json$/, ''), language, token: word, window: words.slice(Math.max(0, i - 4), i + 5).join(' ') });
      });
    }
  }
  return tokens;
}

export const readingOf = (t: CensusToken): string => prepareSpeechText(t.window, t.language);

/** The tokens whose reading still holds a mark a voice reads wrongly. */
export function marksLeft(tokens: CensusToken[]): number {
  return tokens.filter((t) => {
    const said = readingOf(t);
    return MARK_LEFT.test(said) || (t.language === 'en' && /\d/.test(said));
  }).length;
}

/** Every n-th token of each language: a fixed sample of 120 English tokens and 20 of each other language. */
export function censusSample(tokens: CensusToken[]): CensusToken[] {
  const languages = [...new Set(tokens.map((t) => t.language))].sort();
  return languages.flatMap((language) => {
    const own = tokens.filter((t) => t.language === language);
    const size = SAMPLE_SIZE[language] ?? OTHER_SAMPLE;
    const stride = Math.max(1, Math.floor(own.length / size));
    return own.filter((_, i) => i % stride === Math.floor(stride / 2)).slice(0, size);
  });
}

export interface JudgedToken extends CensusToken {
  before: string;
  beforeRight?: boolean;
  after?: string;
  afterRight?: boolean;
}

export const judgedSample = (): JudgedToken[] => (fs.existsSync(SAMPLE_FILE) ? (JSON.parse(fs.readFileSync(SAMPLE_FILE, 'utf8')) as JudgedToken[]) : []);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tokens = await censusTokens();
  const sample = censusSample(tokens);
  const command = process.argv[2];
  if (command === 'snapshot') {
    fs.writeFileSync(SAMPLE_FILE, `${JSON.stringify(sample.map((t) => ({ ...t, before: readingOf(t) })), null, 1)}\n`);
    console.log(`${tokens.length} tokens, marks left in ${marksLeft(tokens)}; kept ${sample.length} as the sample`);
  } else {
    const judged = judgedSample();
    sample.forEach((t, i) => console.log(`${i} [${t.language}] ${t.token}\n   ${t.window}\n   before: ${judged[i]?.before}\n   now:    ${readingOf(t)}`));
    console.log(`${tokens.length} tokens, marks left in ${marksLeft(tokens)}`);
  }
}
