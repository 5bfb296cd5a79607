// Typesets real articles as PDFs with real typesetters, for the PDF extraction tests to be judged on
// documents nobody laid out for them: groff (gropdf) and groff through Ghostscript (ps2pdf), one and
// two columns, justified and hyphenated as the typesetter decides, with running headers and page
// numbers, and a references section; and a paper's front matter (front-matter-paper.pdf). The text comes from the news articles of ../shared/corpora/aeb.
// Writes server/test/fixtures/pdf/*.pdf and expected.json (the title, author, headings and paragraphs
// as written, and which half each document is in: "tune" may be looked at when changing the rules,
// "held-out" is only measured). The "paper" layouts add what papers have: a title broken with a hyphen,
// numbered sections and subsections, a table set by tbl, a footer with the page number. Needs Debian's
// groff and ghostscript; its output is committed, and a PDF already there is kept unless --force.
//
//   node scripts/make-pdf-fixtures.mjs [--force]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(root, '../shared/corpora/aeb/ground-truth.json');
const out = path.join(root, 'server/test/fixtures/pdf');
fs.mkdirSync(out, { recursive: true });

const force = process.argv.includes('--force');
const truth = JSON.parse(fs.readFileSync(corpus, 'utf8'));
// English articles of some length, in a fixed order.
const articles = Object.keys(truth)
  .sort()
  .map((id) => ({ id, paragraphs: truth[id].articleBody.split(/\n+/).map((p) => p.trim()).filter((p) => p.length > 80) }))
  .filter((a) => a.paragraphs.length >= 8 && /^[\x20-\x7e\u2018-\u201d\u2013\u2014\u2026\u00a0-\u00ff]*$/.test(a.paragraphs.join(' ')));

/** Text as groff reads it: no control characters at a line's start, backslashes escaped. */
const roff = (text) => text.replace(/\\/g, '\\e').replace(/^([.'])/, '\\&$1');

/** Writes `name`.pdf from groff -ms source (tables through tbl), unless it exists; answers its path. */
function typeset(name, source, via) {
  const file = path.join(out, `${name}.pdf`);
  if (fs.existsSync(file) && !force) return file;
  if (via === 'gropdf') {
    fs.writeFileSync(file, execFileSync('groff', ['-t', '-ms', '-k', '-Tpdf'], { input: source }));
  } else {
    const postscript = execFileSync('groff', ['-t', '-ms', '-k', '-Tps'], { input: source });
    execFileSync('ps2pdf', ['-', file], { input: postscript });
  }
  return file;
}

const layouts = [
  { name: 'groff-one-column', columns: 1, via: 'gropdf', references: true },
  { name: 'groff-two-columns', columns: 2, via: 'gropdf', references: false },
  { name: 'ghostscript-one-column', columns: 1, via: 'ps2pdf', references: false },
  { name: 'ghostscript-two-columns', columns: 2, via: 'ps2pdf', references: true },
];

const expected = {};
let index = 0;
for (const half of ['tune', 'held-out']) {
  for (const layout of layouts) {
    const article = articles[(index++ * 5) % articles.length];
    const paragraphs = article.paragraphs.slice(0, 14);
    const title = `Report ${index}: ${paragraphs[0].split(/\s+/).slice(0, 6).join(' ').replace(/[^\w\s'’-]/g, '')}`;
    const author = ['Ann Lee', 'Bo Chan', 'Cleo Park', 'Dana Ruiz'][index % 4];
    const headings = ['What happened', 'What comes next'];
    const sections = [
      { heading: headings[0], paragraphs: paragraphs.slice(0, 7) },
      { heading: headings[1], paragraphs: paragraphs.slice(7) },
    ];
    const source = [
      `.ds LH Pagecast Fixture Review`,
      `.ds RH Volume ${index}`,
      `.nr PS ${layout.via === 'ps2pdf' ? 11 : 10}`,
      '.TL',
      roff(title),
      '.AU',
      author,
      ...(layout.columns === 2 ? ['.2C'] : []),
      ...sections.flatMap((section) => ['.NH', roff(section.heading), ...section.paragraphs.flatMap((p) => ['.PP', roff(p)])]),
      ...(layout.references
        ? ['.SH', 'References', '.IP [1]', 'A. Writer. On reading aloud. Journal of Listening, 12(3), 2019.', '.IP [2]', 'B. Author. Voices and pages. 2021.']
        : []),
    ].join('\n');
    const name = `${half}-${layout.name}`;
    const file = typeset(name, source, layout.via);
    expected[name] = {
      half,
      source: `aeb/${article.id.slice(0, 8)}`,
      title,
      author,
      headings: sections.map((section, i) => `${i + 1}. ${section.heading}`),
      paragraphs: sections.flatMap((section) => section.paragraphs),
      references: layout.references,
    };
    console.log(`${name}.pdf: ${fs.statSync(file).size} bytes, from aeb/${article.id.slice(0, 8)}`);
  }
}
// Papers: English articles not used above, each with a table; the tables' cells are written here.
const english = articles.filter((a) => (a.paragraphs.join(' ').match(/\bthe\b/gi) ?? []).length >= 20);
const used = new Set(Object.values(expected).map((document) => document.source));
const fresh = english.filter((a) => !used.has(`aeb/${a.id.slice(0, 8)}`));
const tables = [
  {
    caption: 'Table 1. The fleet by aircraft type.',
    format: 'l r r.',
    header: ['Aircraft', 'In service', 'On order'],
    rows: [['Boeing 777', '132', '126'], ['Airbus A380', '115', '8'], ['Boeing 787', '0', '30']],
  },
  {
    caption: 'Table 1. Tickets sold by city.',
    format: 'l lw(2i) r r.',
    header: ['City', 'Where it was sold', 'Monday', 'Tuesday'],
    rows: [
      ['Dallas', 'At the box office and through the theatre website before the show', '1,204', '980'],
      ['Denver', 'Online only', '877', '1,012'],
      ['Boston', 'At the box office', '1,530', '1,466'],
    ],
  },
  {
    caption: 'Table 1. Votes by county.',
    format: 'l r r.',
    header: ['County', 'Votes cast', 'Turnout'],
    rows: [['Fayette County', '45,210', '61%'], ['Jefferson County', '288,407', '58%'], ['Boone County', '52,930', '49%'], ['Pike County', '19,876', '44%']],
  },
  {
    caption: 'Table 1. Prices before and after the tariffs.',
    format: 'l lw(0.6i) r r.',
    header: ['Good', 'Sold as', 'Before', 'After'],
    rows: [
      ['Soybeans', 'Bulk cargo, by the ton, shipped from Gulf ports', '$350', '$412'],
      ['Pork', 'Frozen, by the ton', '$2,100', '$2,650'],
      ['Wheat', 'Bulk cargo, by the ton', '$210', '$236'],
    ],
  },
];
const papers = [
  { half: 'tune', name: 'groff-paper-two-columns', columns: 2, via: 'gropdf' },
  { half: 'tune', name: 'ghostscript-paper-one-column', columns: 1, via: 'ps2pdf' },
  { half: 'held-out', name: 'groff-paper-one-column', columns: 1, via: 'gropdf' },
  { half: 'held-out', name: 'ghostscript-paper-two-columns', columns: 2, via: 'ps2pdf' },
];
for (const [at, paper] of papers.entries()) {
  const article = fresh[(at * 3) % fresh.length];
  index++;
  const paragraphs = article.paragraphs.slice(0, 16);
  // A title of the article's first words, broken inside its first long word by the typesetter's hyphen.
  const words = paragraphs[0].replace(/[^\w\s'’-]/g, '').split(/\s+/).slice(0, 12);
  const long = Math.max(1, words.findIndex((word, i) => i > 0 && /^[A-Za-z]{8,}$/.test(word)));
  const broken = words[long];
  const cut = Math.ceil(broken.length / 2);
  const titleWords = words.slice(0, Math.max(long + 3, 7));
  const title = `Report ${index}: ${titleWords.join(' ')}`;
  const titleSource = [
    roff(`Report ${index}: ${[...titleWords.slice(0, long), `${broken.slice(0, cut)}-`].join(' ')}`),
    '.br',
    roff([broken.slice(cut), ...titleWords.slice(long + 1)].join(' ')),
  ];
  const author = ['Ann Lee', 'Bo Chan', 'Cleo Park', 'Dana Ruiz'][index % 4];
  const table = tables[at];
  const sections = [
    { heading: 'Background', subsections: [{ heading: 'What happened', paragraphs: paragraphs.slice(0, 4) }, { heading: 'Who said what', paragraphs: paragraphs.slice(4, 8) }] },
    { heading: 'What comes next', subsections: [{ heading: 'The numbers', paragraphs: paragraphs.slice(8, 10), table }, { heading: 'The outlook', paragraphs: paragraphs.slice(10) }] },
  ];
  const tbl = (t) => [
    '.PP',
    roff(t.caption),
    '.TS',
    'center;',
    // The header row set left, the data rows as the table's format says.
    t.format.replace(/\.$/, '').split(' ').map((column) => column.replace(/^r/, 'l')).join(' '),
    t.format,
    t.header.join('\t'),
    '_',
    // A cell of a column of set width is a text block, wrapped to it.
    ...t.rows.map((row) => row.map((cell, i) => (t.format.split(' ')[i].includes('w(') ? `T{\n${roff(cell)}\nT}` : roff(cell))).join('\t')),
    '.TE',
  ];
  const source = [
    `.ds LH Pagecast Fixture Review`,
    `.ds RH Volume ${index}`,
    '.ds CF Page %',
    `.nr PS ${paper.via === 'ps2pdf' ? 11 : 10}`,
    '.TL',
    ...titleSource,
    '.AU',
    author,
    ...(paper.columns === 2 ? ['.2C'] : []),
    ...sections.flatMap((section) => [
      '.NH 1',
      roff(section.heading),
      ...section.subsections.flatMap((sub) => [
        '.NH 2',
        roff(sub.heading),
        ...sub.paragraphs.slice(0, 1).flatMap((p) => ['.PP', roff(p)]),
        ...(sub.table ? tbl(sub.table) : []),
        ...sub.paragraphs.slice(1).flatMap((p) => ['.PP', roff(p)]),
      ]),
    ]),
  ].join('\n');
  const name = `${paper.half}-${paper.name}`;
  typeset(name, source, paper.via);
  expected[name] = {
    half: paper.half,
    source: `aeb/${article.id.slice(0, 8)}`,
    title,
    author,
    headings: sections.flatMap((section, i) => [`${i + 1}. ${section.heading}`, ...section.subsections.map((sub, j) => `${i + 1}.${j + 1}. ${sub.heading}`)]),
    paragraphs: sections.flatMap((section) => section.subsections.flatMap((sub) => sub.paragraphs)),
    tables: [{ caption: table.caption, header: table.header, rows: table.rows }],
    references: false,
  };
  console.log(`${name}.pdf, from aeb/${article.id.slice(0, 8)}`);
}
fs.writeFileSync(path.join(out, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
// A paper's front matter and words broken at a line's end, for extract-pdf.test.ts to check on its own:
// authors with affiliations, an address and e-mail lines (.AI), an abstract under its ABSTRACT heading
// set in on both sides (.AB), and a measure at which the typesetter ends lines with "two-" (a compound's
// own hyphen) and "kilo-" (its hyphenation).
const frontMatter = typeset(
  'front-matter-paper',
  [
    '.nr PS 10',
    '.nr LL 3.8i',
    '.TL',
    'Walking Distances in Small Towns',
    '.AU',
    'Ann Lee',
    '.AI',
    'Department of Geography, University of Leeds',
    'Leeds LS2 9JT, United Kingdom',
    'ann.lee@leeds.ac.uk',
    '.AU',
    'Bo Chan',
    '.AI',
    'School of Planning, Ohio State University',
    'bo.chan@osu.edu',
    '.AB',
    'We measured how far people walk to the shops in twelve small towns. Most trips were shorter than a two-kilometre walk, and almost none were longer than five kilometres on foot, whatever the weather and whatever the season of the year.',
    '.AE',
    '.NH',
    'Introduction',
    '.PP',
    'The town planners of the region wanted to know whether a shop placed at the edge of a town would still be reached on foot by the people who live in its centre, and they asked us for a two-kilometre rule of thumb that they could use in their plans. A walk of two kilometres takes most people about twenty-five minutes, and the planners thought that a two-kilometre walk was the longest that anyone would make with full shopping bags.',
    '.PP',
    'We counted the walkers in each town for a year. The councils of all twelve towns kept records of the distances, measured in kilometres along the streets, and the shops kept records of their customers, so that a two-kilometre limit could be checked against what people did rather than what they said.',
  ].join('\n'),
  'gropdf',
);
console.log(`${path.basename(frontMatter)}: ${fs.statSync(frontMatter).size} bytes`);
