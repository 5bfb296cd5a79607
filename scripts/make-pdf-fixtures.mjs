// Typesets real articles as PDFs with real typesetters, for the PDF extraction tests to be judged on
// documents nobody laid out for them: groff (gropdf) and groff through Ghostscript (ps2pdf), one and
// two columns, justified and hyphenated as the typesetter decides, with running headers and page
// numbers, and a references section. The text comes from the news articles of ../shared/corpora/aeb.
// Writes server/test/fixtures/pdf/*.pdf and expected.json (the title, author, headings and paragraphs
// as written, and which half each document is in: "tune" may be looked at when changing the rules,
// "held-out" is only measured). Needs Debian's groff and ghostscript; its output is committed.
//
//   node scripts/make-pdf-fixtures.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(root, '../shared/corpora/aeb/ground-truth.json');
const out = path.join(root, 'server/test/fixtures/pdf');
fs.mkdirSync(out, { recursive: true });

const truth = JSON.parse(fs.readFileSync(corpus, 'utf8'));
// English articles of some length, in a fixed order.
const articles = Object.keys(truth)
  .sort()
  .map((id) => ({ id, paragraphs: truth[id].articleBody.split(/\n+/).map((p) => p.trim()).filter((p) => p.length > 80) }))
  .filter((a) => a.paragraphs.length >= 8 && /^[\x20-\x7e\u2018-\u201d\u2013\u2014\u2026\u00a0-\u00ff]*$/.test(a.paragraphs.join(' ')));

/** Text as groff reads it: no control characters at a line's start, backslashes escaped. */
const roff = (text) => text.replace(/\\/g, '\\e').replace(/^([.'])/, '\\&$1');

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
    const file = path.join(out, `${name}.pdf`);
    if (layout.via === 'gropdf') {
      fs.writeFileSync(file, execFileSync('groff', ['-ms', '-k', '-Tpdf'], { input: source }));
    } else {
      const postscript = execFileSync('groff', ['-ms', '-k', '-Tps'], { input: source });
      execFileSync('ps2pdf', ['-', file], { input: postscript });
    }
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
fs.writeFileSync(path.join(out, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
