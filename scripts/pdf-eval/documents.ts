/**
 * The PDF evaluation's documents, split by source before any rule was written for them:
 *
 * - tune: layouts drawn by server/test/pdf-document.ts from news articles of the aeb corpus (two
 *   columns, page breaks, numbered sections and subsections, titles and headings broken by hyphens,
 *   compounds broken at their hyphen, tables, running headers and page labels), and the fixtures
 *   typeset by groff and Ghostscript named tune-*;
 * - held-out: the fixtures named held-out-* (other articles, typeset by groff and Ghostscript, tables
 *   set by tbl), only measured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { layoutDocument, type DocumentSpec, type TableSpec } from '../../server/test/pdf-document.ts';

export interface EvalTable {
  caption?: string;
  header: string[];
  rows: string[][];
}

export interface EvalDocument {
  name: string;
  half: 'tune' | 'held-out';
  /** Where its words come from (an aeb article). */
  source: string;
  pdf: Uint8Array;
  title: string;
  headings: string[];
  paragraphs: string[];
  tables: EvalTable[];
  /** What must not be heard: running headers, footers, page labels. */
  furniture: RegExp;
}

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'server/test/fixtures/pdf');

interface FixtureEntry {
  half: 'tune' | 'held-out';
  source: string;
  title: string;
  headings: string[];
  paragraphs: string[];
  tables?: EvalTable[];
}

function fixtureDocuments(): EvalDocument[] {
  const expected = JSON.parse(fs.readFileSync(path.join(fixtures, 'expected.json'), 'utf8')) as Record<string, FixtureEntry>;
  return Object.entries(expected).map(([name, entry]) => ({
    name,
    half: entry.half,
    source: entry.source,
    pdf: new Uint8Array(fs.readFileSync(path.join(fixtures, `${name}.pdf`))),
    title: entry.title,
    headings: entry.headings,
    paragraphs: entry.paragraphs,
    tables: entry.tables ?? [],
    furniture: /Pagecast Fixture Review|Volume \d|-\s?\d+\s?-|^Page \d+$/m,
  }));
}

/** Text a Latin-1 font shows: curly quotes straight, dashes as hyphens; null when other characters remain. */
function latin1(text: string): string | null {
  const plain = text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s*[—–]\s*/g, ' - ').replace(/…/g, '...');
  return /^[\x20-\x7e\xa0-\xff]*$/.test(plain) ? plain : null;
}

const TABLES: TableSpec[] = [
  {
    caption: 'Table 1. Passengers by airport.',
    header: ['Airport', 'Passengers', 'Change'],
    rows: [['Heathrow', '80,884', '+1.0%'], ['Gatwick', '46,574', '+1.1%'], ['Stansted', '28,125', '+0.6%']],
  },
  {
    caption: 'Table 2. What each plan covers.',
    header: ['Plan', 'Covers', 'Monthly cost'],
    rows: [['Basic', 'Doctor visits', '$120'], ['Standard', 'Visits and drugs', '$240'], ['Family', 'Everyone at home', '$410']],
  },
  {
    caption: 'Table 1. Results by region.',
    header: ['Region', 'Seats', 'Votes', 'Share'],
    rows: [['North', '12', '40,112', '38%'], ['South', '9', '31,870', '30%'], ['East', '7', '22,015', '21%'], ['West', '4', '11,930', '11%']],
  },
  {
    header: ['Team', 'Played', 'Won', 'Points'],
    rows: [['Rovers', '10', '7', '23'], ['United', '10', '6', '20'], ['City', '10', '4', '15']],
  },
];

const LAYOUTS: Omit<DocumentSpec, 'title' | 'sections'>[] = [
  { columns: 2, hyphenate: true, hyphenateHeadings: true, runningHeader: 'Review of Spoken Papers, Volume 3', noHeaderOnFirstPage: true, pageNumbers: true, pageLabel: (page, pages) => `Page ${page} of ${pages}` },
  { columns: 1, hyphenate: true, runningHeader: 'Spoken Papers Quarterly', pageNumbers: true },
  { columns: 2, hyphenate: true, fontSize: 9, pageSize: { width: 595, height: 842 }, runningHeader: 'Review of Spoken Papers, Volume 4', pageNumbers: true },
  { columns: 1, hyphenate: true, hyphenateHeadings: true, pageSize: { width: 432, height: 648 }, pageNumbers: true, pageLabel: (page) => `- ${page} -` },
];

/** Heading numbers as each layout writes them. */
const NUMBERING: ((section: number, sub: number) => string)[] = [
  (s, n) => (n ? `${s}.${n} ` : `${s} `),
  (s, n) => (n ? `${s}.${n}. ` : `${s}. `),
  (s, n) => (n ? '' : `${['I', 'II', 'III'][s - 1]}. `),
  () => '',
];

function generatedDocuments(used: Set<string>): EvalDocument[] {
  const corpus = path.resolve(root, '../shared/corpora/aeb/ground-truth.json');
  if (!fs.existsSync(corpus)) return [];
  const truth = JSON.parse(fs.readFileSync(corpus, 'utf8')) as Record<string, { articleBody: string }>;
  const articles = Object.keys(truth)
    .sort()
    .filter((id) => !used.has(`aeb/${id.slice(0, 8)}`))
    .map((id) => ({ id, paragraphs: truth[id]!.articleBody.split(/\n+/).map((p) => latin1(p.trim())) }))
    .filter((a) => a.paragraphs.every((p) => p !== null))
    .map((a) => ({ id: a.id, paragraphs: (a.paragraphs as string[]).filter((p) => p.length > 80) }))
    .filter((a) => a.paragraphs.length >= 10 && (a.paragraphs.join(' ').match(/\bthe\b/gi) ?? []).length >= 20);
  return LAYOUTS.map((layout, at) => {
    const article = articles[(at * 4 + 1) % articles.length]!;
    const paragraphs = article.paragraphs.slice(0, 14);
    const number = NUMBERING[at]!;
    const titleWords = paragraphs[0]!.replace(/[^\w\s'-]/g, '').split(/\s+/).slice(0, 9).join(' ');
    const title = `Report ${at + 1}: ${titleWords}`;
    const sections: DocumentSpec['sections'] = [
      { heading: `${number(1, 0)}Background`, paragraphs: paragraphs.slice(0, 3) },
      { heading: `${number(1, 1)}Understanding what happened`, level: 2, paragraphs: paragraphs.slice(3, 6) },
      { heading: `${number(2, 0)}Interpretation`, paragraphs: paragraphs.slice(6, 8), table: TABLES[at] },
      { heading: `${number(2, 1)}What comes next`, level: 2, paragraphs: paragraphs.slice(8) },
    ];
    const spec: DocumentSpec = { ...layout, title, titleWidth: 260, sections, compress: true };
    const document = layoutDocument(spec);
    return {
      name: `tune-generated-${at + 1}`,
      half: 'tune',
      source: `aeb/${article.id.slice(0, 8)}`,
      pdf: document.pdf,
      title,
      headings: sections.map((section) => section.heading),
      paragraphs: sections.flatMap((section) => section.paragraphs),
      tables: [TABLES[at]!],
      furniture: new RegExp(`^(?:${[...new Set(document.furniture)].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`, 'm'),
    };
  });
}

export function evalDocuments(): EvalDocument[] {
  const fixed = fixtureDocuments();
  return [...generatedDocuments(new Set(fixed.map((document) => document.source))), ...fixed];
}
