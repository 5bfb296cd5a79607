import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { articleText } from './article-text.ts';
import { lineKinds, type KindElement } from './line-kinds.ts';

/** Each line of the body of a small document (as the server's DOM parses it) with its kind. */
function kindsOf(html: string): [string, string][] {
  const body = parseHTML(`<!doctype html><html><head><title>t</title></head><body>${html}</body></html>`).document.body;
  const text = articleText(body);
  const kinds = lineKinds(body as unknown as KindElement, text);
  return text.split('\n').map((line, i) => [kinds[i]!, line]);
}

describe('lineKinds', () => {
  it('marks each line of a <pre> as code, and keeps inline code in its sentence', () => {
    expect(
      kindsOf(
        '<p>Check the answer with <code>res instanceof Response</code> first.</p>' +
          '<pre><code>// check the answer\nif (res instanceof Response) {\n  return res.ok === true;\n}</code></pre>' +
          '<p>Then install it:</p><p><code>npm install pagecast</code></p>' +
          '<ul><li><code>fetch()</code></li></ul>',
      ),
    ).toEqual([
      ['p', 'Check the answer with res instanceof Response first.'],
      ['x', '// check the answer'],
      ['x', 'if (res instanceof Response) {'],
      ['x', 'return res.ok === true;'],
      ['x', '}'],
      ['p', 'Then install it:'],
      ['x', 'npm install pagecast'],
      // A list of names in code is a list, not a code example.
      ['i', 'fetch()'],
    ]);
  });

  it('marks a data table: caption, header row (repeated in <tfoot>), rows, cells apart by tabs', () => {
    expect(
      kindsOf(
        '<table><caption>Snaps by player</caption>' +
          '<thead><tr><th>Player</th><th>Plays</th><th>Share</th></tr></thead>' +
          '<tbody><tr><td>Larry Ogunjobi</td><td>63</td><td>85%</td></tr><tr><td>DeForest Buckner</td><td>60</td><td>81%</td></tr></tbody>' +
          '<tfoot><tr><th>Player</th><th>Plays</th><th>Share</th></tr></tfoot></table>',
      ),
    ).toEqual([
      ['n', 'Snaps by player'],
      ['t', 'Player\tPlays\tShare'],
      ['d', 'Larry Ogunjobi\t63\t85%'],
      ['d', 'DeForest Buckner\t60\t81%'],
      ['t', 'Player\tPlays\tShare'],
    ]);
  });

  it('takes a first row of <th> cells as the header of a table without <thead>', () => {
    expect(kindsOf('<table><tr><th>Year</th><th>Wins</th></tr><tr><td>2019</td><td>12</td></tr></table>')).toEqual([
      ['t', 'Year\tWins'],
      ['d', '2019\t12'],
    ]);
  });

  it('leaves layout tables (no header, one column, a table inside) as plain rows', () => {
    expect(kindsOf('<table><tr><td>Larry</td><td>63</td></tr><tr><td>Buckner</td><td>60</td></tr></table>')).toEqual([
      ['r', 'Larry\t63'],
      ['r', 'Buckner\t60'],
    ]);
    expect(kindsOf('<table><thead><tr><th>Notes</th></tr></thead><tr><td>One column only.</td></tr></table>')).toEqual([
      ['r', 'Notes'],
      ['r', 'One column only.'],
    ]);
    expect(
      kindsOf('<table><tr><th>A</th><th>B</th></tr><tr><td><table><tr><td>inner</td></tr></table></td><td>x</td></tr></table>'),
    ).toEqual([
      ['r', 'A\tB'],
      ['r', 'inner'],
      ['p', 'x'],
    ]);
  });

  it('marks a code block of 50,000 lines and a table of 10,000 cells', () => {
    const code = Array.from({ length: 50_000 }, (_, i) => `const value${i} = compute(${i});`).join('\n');
    const kinds = kindsOf(`<p>Before.</p><pre>${code}</pre><p>After.</p>`);
    expect(kinds).toHaveLength(50_002);
    expect(kinds.slice(1, -1).every(([kind]) => kind === 'x')).toBe(true);
    expect([kinds[0]![0], kinds.at(-1)![0]]).toEqual(['p', 'p']);

    const rows = Array.from({ length: 999 }, (_, r) => `<tr>${Array.from({ length: 10 }, (_, c) => `<td>r${r}c${c}</td>`).join('')}</tr>`);
    const head = `<thead><tr>${Array.from({ length: 10 }, (_, c) => `<th>Column ${c}</th>`).join('')}</tr></thead>`;
    const table = kindsOf(`<table>${head}<tbody>${rows.join('')}</tbody></table>`);
    expect(table.map(([kind]) => kind).join('')).toBe(`t${'d'.repeat(999)}`);
    expect(table[1]![1].split('\t')).toHaveLength(10);
  });
});
