/**
 * Scores how a PDF is heard: each document of scripts/pdf-eval/documents.ts through the extraction
 * (extractPdf) and read mode's script (readScript), as the episode would say it, by half.
 *
 *   npx tsx scripts/pdf-eval/score.ts            both halves, a line a document and a total a half
 *   npx tsx scripts/pdf-eval/score.ts tune       one half (tune or held-out)
 *   npx tsx scripts/pdf-eval/score.ts tune --show  also the read-mode script of each document
 *
 * Figures: words, the word F1 of the text against what was written; sentences, the written sentences
 * heard whole in one script sentence (none cut at a column or page break, no header between); wrong,
 * words heard that the document does not have (a broken word joined wrong, "De- mand", furniture), per
 * thousand; title, read as written; headings, heard as one sentence with their words, the number
 * neither alone nor as a decimal; rows, a table's rows each heard in one paragraph with every cell
 * after its column's name; furniture, lines of running headers, footers or page labels heard.
 */
import { extractPdf } from '../../server/machinery/extract/extract-pdf.ts';
import { wordF1, words } from '../../server/machinery/extract/word-f1.ts';
import { readScript } from '../../server/machinery/script/read-script.ts';
import { splitSentences } from '../../shared/text/split-sentences.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import { evalDocuments, type EvalDocument } from './documents.ts';

const plain = (text: string) =>
  text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s*[—–]\s*/g, ' - ').replace(/\s+/g, ' ').replace(/\s+([,.;:!?])/g, '$1').trim();
const bare = (heading: string) => heading.replace(/^(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+/, '');

interface Score {
  words: number;
  sentences: [number, number];
  wrong: [number, number];
  title: [number, number];
  headings: [number, number];
  rows: [number, number];
  furniture: number;
}

async function score(document: EvalDocument, show: boolean): Promise<Score> {
  const article = await extractPdf(document.pdf);
  const script = readScript({ title: article.title, text: article.text, lines: article.lines, byline: article.byline, language: 'en' });
  if (show) {
    console.log(`\n== ${document.name}`);
    for (const sentence of script) console.log(`${sentence.chapter ? '# ' : ''}[${sentence.paragraph}] ${sentence.text}`);
  }
  const heard = script.map((sentence) => plain(sentence.text));
  const heardSet = new Set(heard);
  const tableText = document.tables.flatMap((table) => [table.caption ?? '', ...table.header, ...table.rows.flat()]);
  const written = [document.title, ...document.headings, ...document.paragraphs, ...tableText].join('\n');

  const sentences = document.paragraphs.flatMap((paragraph) => splitSentences(plain(paragraph)));
  const whole = sentences.filter((sentence) => heardSet.has(sentence)).length;
  const missed = (what: string, items: string[]) => show && items.forEach((item) => console.log(`  ! ${what}: ${item.slice(0, 160)}`));
  missed('sentence not heard whole', sentences.filter((sentence) => !heardSet.has(sentence)));

  const known = new Set([...words(written), ...words(article.byline ?? ''), ...words('Section The references are not read')]);
  const extracted = words(`${article.title}\n${article.text}`);
  const wrong = extracted.filter((word) => !known.has(word)).length;
  // A word broken wrong shows as two known halves run together or apart: count the written hyphenated words not heard whole.
  const compounds = (text: string) => text.toLowerCase().match(/\p{L}+(?:-\p{L}+)+/gu) ?? [];
  const heardText = plain(`${article.title}\n${article.text}`).toLowerCase();
  const lostCompounds = compounds(written).filter((compound) => !heardText.includes(compound)).length;

  const headingRight = (heading: string) => {
    const at = script.findIndex((sentence) => sentence.chapter && plain(sentence.chapter).replace(/[.:]+$/, '') === plain(heading).replace(/[.:]+$/, ''));
    if (at < 0) return false;
    const spoken = prepareSpeechText(script[at]!.text, 'en');
    return words(spoken).join(' ').includes(words(bare(heading)).join(' ')) && !/\bpoint\b/i.test(spoken) && !/^\W*\d+\W*$/.test(script[at]!.text);
  };
  const headingsRight = document.headings.filter(headingRight).length;
  missed('heading not heard as one', document.headings.filter((heading) => !headingRight(heading)));

  const paragraphs = new Map<number, string>();
  for (const sentence of script) paragraphs.set(sentence.paragraph, `${paragraphs.get(sentence.paragraph) ?? ''} ${plain(sentence.text)}`);
  const rows = document.tables.flatMap((table) => table.rows.map((row) => ({ table, row })));
  const rowRight = ({ table, row }: (typeof rows)[number]) =>
    [...paragraphs.values()].some((text) => row.every((cell, i) => text.includes(`${table.header[i]}: ${cell}`)));
  const rowsRight = rows.filter(rowRight).length;
  missed('row not heard by its columns', rows.filter((row) => !rowRight(row)).map(({ row }) => row.join(' | ')));

  const furniture = article.text.split('\n').filter((line) => document.furniture.test(line)).length;
  return {
    words: wordF1(`${article.title}\n${article.text}`, written),
    sentences: [whole, sentences.length],
    wrong: [wrong + lostCompounds, extracted.length],
    title: [plain(article.title) === plain(document.title) ? 1 : 0, 1],
    headings: [headingsRight, document.headings.length],
    rows: [rowsRight, rows.length],
    furniture,
  };
}

const pair = ([a, b]: [number, number]) => `${a}/${b}`;
const percent = ([a, b]: [number, number]) => (b ? `${Math.round((100 * a) / b)}%` : '-');
const line = (name: string, s: Score) =>
  [
    name.padEnd(38),
    s.words.toFixed(3).padStart(6),
    `${pair(s.sentences)} ${percent(s.sentences)}`.padStart(14),
    ((1000 * s.wrong[0]) / Math.max(1, s.wrong[1])).toFixed(1).padStart(7),
    pair(s.title).padStart(6),
    pair(s.headings).padStart(9),
    pair(s.rows).padStart(7),
    String(s.furniture).padStart(10),
  ].join(' ');

const [only, flag] = process.argv.slice(2);
const documents = evalDocuments().filter((document) => !only || only.startsWith('--') || document.half === only);
const show = flag === '--show' || only === '--show';
console.log(`${'document'.padEnd(38)}  words      sentences  wrong‰  title  headings    rows  furniture`);
for (const half of ['tune', 'held-out'] as const) {
  const inHalf = documents.filter((document) => document.half === half);
  if (inHalf.length === 0) continue;
  const total: Score = { words: 0, sentences: [0, 0], wrong: [0, 0], title: [0, 0], headings: [0, 0], rows: [0, 0], furniture: 0 };
  for (const document of inHalf) {
    const s = await score(document, show);
    console.log(line(document.name, s));
    total.words += s.words / inHalf.length;
    for (const key of ['sentences', 'wrong', 'title', 'headings', 'rows'] as const) {
      total[key][0] += s[key][0];
      total[key][1] += s[key][1];
    }
    total.furniture += s.furniture;
  }
  console.log(`${line(`${half} (${inHalf.length} documents)`, total)}\n`);
}
