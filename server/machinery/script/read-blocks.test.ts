import { describe, expect, it } from 'vitest';
import { readScript } from './read-script.ts';

/** The read script of lines given with their kinds, after the title. */
function read(rows: [kind: string, line: string][], language?: string) {
  const sentences = readScript({
    title: 'Title',
    text: rows.map(([, line]) => line).join('\n'),
    lines: rows.map(([kind]) => kind).join(''),
    byline: null,
    ...(language ? { language } : {}),
  });
  return sentences.slice(1);
}

const said = (sentences: { text: string }[]) => sentences.map((s) => s.text);

const CODE: [string, string][] = [
  ['p', 'Check the answer with res instanceof Response first.'],
  ['x', '// check the answer'],
  ['x', 'if (res instanceof Response) {'],
  ['x', 'return res.ok === true;'],
  ['x', '}'],
  ['p', 'Then it is done.'],
];

describe('read mode: code blocks', () => {
  it('announces a code block once, shows it in the transcript, and reads the prose around it', () => {
    const sentences = read(CODE);
    expect(said(sentences)).toEqual([
      'Check the answer with res instanceof Response first.',
      'A code example of 4 lines follows in the article.',
      'Then it is done.',
    ]);
    expect(sentences[1]).toMatchObject({
      sourceParagraph: 1,
      shown: '// check the answer\nif (res instanceof Response) {\nreturn res.ok === true;\n}',
    });
    expect(sentences[0]!.shown).toBeUndefined();
  });

  it.each([
    ['en', 'A code example of 4 lines follows in the article.'],
    ['de', 'Im Artikel folgt ein Codebeispiel mit 4 Zeilen.'],
    ['fr', "Un exemple de code de 4 lignes suit dans l'article."],
    ['es', 'Sigue en el artículo un ejemplo de código de 4 líneas.'],
    ['nl', 'A code example of 4 lines follows in the article.'],
  ])('announces it in the article\'s language (%s), English where it has no words of its own', (language, announcement) => {
    expect(said(read(CODE, language))[1]).toBe(announcement);
  });

  it('says "one line" for a single line', () => {
    expect(said(read([['x', 'npm install pagecast']]))).toEqual(['A code example of one line follows in the article.']);
  });

  it('announces a block of 50,000 lines in one sentence', () => {
    const lines: [string, string][] = Array.from({ length: 50_000 }, (_, i) => ['x', `const value${i} = compute(${i});`]);
    const sentences = read([['p', 'Before.'], ...lines, ['p', 'After.']]);
    expect(said(sentences)).toEqual(['Before.', 'A code example of 50000 lines follows in the article.', 'After.']);
    expect(sentences[1]!.shown!.split('\n')).toHaveLength(50_000);
  });
});

const HEADER: [string, string] = ['t', 'Player\tPlays\tShare'];
const row = (i: number): [string, string] => ['d', `Player ${i}\t${60 + i}\t${80 + i}%`];

describe('read mode: tables', () => {
  it('reads the caption, then each row with its column names, not the header repeated in the footer', () => {
    const sentences = read([
      ['p', 'The snaps tell the story.'],
      ['n', 'Snaps by player'],
      HEADER,
      ['d', 'Larry Ogunjobi\t63\t85%'],
      ['d', 'DeForest Buckner\t\t81%'],
      HEADER,
      ['p', 'The defence held.'],
    ]);
    expect(said(sentences)).toEqual([
      'The snaps tell the story.',
      'Snaps by player.',
      'Player: Larry Ogunjobi.',
      'Plays: 63.',
      'Share: 85%.',
      // An empty cell is left out.
      'Player: DeForest Buckner.',
      'Share: 81%.',
      'The defence held.',
    ]);
    // Each row is a paragraph of its own (the title is the first), read from its line.
    expect(sentences.slice(2).map((s) => [s.paragraph, s.sourceParagraph])).toEqual([
      [3, 3], [3, 3], [3, 3], [4, 4], [4, 4], [5, 6],
    ]);
  });

  it('names the columns from the fullest of several header rows, and reads a cell under no name alone', () => {
    expect(said(read([['t', 'Passing'], ['t', '\tYards\tTDs'], ['d', 'Brady\t4,633\t40']]))).toEqual([
      'Brady.',
      'Yards: 4,633.',
      'TDs: 40.',
    ]);
  });

  it.each([
    ['en', 'A table of 13 rows with columns Player, Plays and Share.'],
    ['de', 'Eine Tabelle mit 13 Zeilen und den Spalten Player, Plays und Share.'],
    ['fr', 'Un tableau de 13 lignes avec les colonnes Player, Plays et Share.'],
    ['es', 'Una tabla de 13 filas con las columnas Player, Plays y Share.'],
  ])('summarizes a table of more than 12 rows (%s), showing it whole', (language, summary) => {
    const rows = Array.from({ length: 13 }, (_, i) => row(i));
    const sentences = read([HEADER, ...rows, ['p', 'After.']], language);
    expect(said(sentences)).toEqual([summary, 'After.']);
    expect(sentences[0]!.shown).toBe([HEADER, ...rows].map(([, line]) => line).join('\n'));
  });

  it('reads a table of 12 rows', () => {
    const sentences = read([HEADER, ...Array.from({ length: 12 }, (_, i) => row(i))]);
    expect(said(sentences)).toHaveLength(36);
    expect(said(sentences).slice(-3)).toEqual(['Player: Player 11.', 'Plays: 71.', 'Share: 91%.']);
  });

  it('summarizes a table of 10,000 cells, naming at most eight columns', () => {
    const columns = Array.from({ length: 10 }, (_, c) => `C${c}`);
    const rows: [string, string][] = Array.from({ length: 999 }, (_, r) => ['d', columns.map((c) => `${c}r${r}`).join('\t')]);
    const sentences = read([['t', columns.join('\t')], ...rows]);
    expect(said(sentences)).toEqual(['A table of 999 rows with columns C0, C1, C2, C3, C4, C5, C6, C7 and 2 more.']);
    // A few wide rows are as long to hear as many short ones.
    const wide = Array.from({ length: 200 }, (_, c) => `C${c}`);
    expect(said(read([['t', wide.join('\t')], ['d', wide.join('\t')]]))).toEqual([
      'A table of 1 row with columns C0, C1, C2, C3, C4, C5, C6, C7 and 192 more.',
    ]);
  });

  it('reads a layout table (rows without a header) as plain text, as before', () => {
    expect(said(read([['r', 'Larry\t63'], ['r', 'Buckner\t60']]))).toEqual(['Larry 63.', 'Buckner 60.']);
  });
});
