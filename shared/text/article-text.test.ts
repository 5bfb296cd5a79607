import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { articleText } from './article-text.ts';

/** The body of a small document, as the server's DOM parses it. */
function body(html: string) {
  return parseHTML(`<!doctype html><html><head><title>t</title></head><body>${html}</body></html>`).document.body;
}

describe('articleText', () => {
  it.each([
    ['<h2>Images</h2><p>DUBAI, the city</p>', 'Images\nDUBAI, the city'],
    ['<div>comments</div><div>This is</div>', 'comments\nThis is'],
    ['<p>one<br>two<br/>three</p>', 'one\ntwo\nthree'],
    ['<p>  many   spaces\n\tand\nnewlines  </p>', 'many spaces and newlines'],
    ['<p>in<b>line</b> <i>words</i> stay <a href="#">together</a></p>', 'inline words stay together'],
    ['<ul><li>first</li><li>second</li></ul><p>after</p>', 'first\nsecond\nafter'],
    ['<blockquote><p>quoted</p></blockquote>text', 'quoted\ntext'],
    ['<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>', 'a\tb\nc\td'],
    // A tab separates cells; an empty cell keeps its column; a row of empty cells is no line.
    ['<table><tr> <td></td> <td> D </td><td>L </td><td></td></tr><tr><td> </td><td></td></tr></table>', '\tD\tL\t'],
    ['<p>a\ttab in text</p>', 'a tab in text'],
    ['<pre>line one\n  line two\n\nline four</pre>', 'line one\nline two\nline four'],
    ['<p>keep</p><script>var x = 1;</script><style>p{}</style><p>going</p>', 'keep\ngoing'],
    ['<p></p><div>   </div><br><br><p>only</p>', 'only'],
    ['<p>non&nbsp;breaking&nbsp;&nbsp;space</p>', 'non breaking space'],
    ['<span>inline</span><div>block</div><span>again</span>', 'inline\nblock\nagain'],
    ['', ''],
  ])('%j', (html, text) => {
    expect(articleText(body(html))).toBe(text);
  });

  it('reads a whole document, skipping its head', () => {
    const { document } = parseHTML('<html><head><title>Title</title></head><body><p>Body</p></body></html>');
    expect(articleText(document)).toBe('Body');
  });

  it('walks a very deep tree without overflowing the stack', () => {
    const depth = 20_000;
    const html = `${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}<p>end</p>`;
    expect(articleText(body(html))).toBe('deep\nend');
  });
});

describe("articleText's line starts", () => {
  it("names each line's first text node with words, one per line", () => {
    const root = body('<h2>Images</h2><p>\n  <a href="#">DUBAI</a>, the city<br>second line</p><ul><li> </li><li>item</li></ul><pre>a\nb</pre>');
    const starts: { nodeValue: string | null }[] = [];
    const text = articleText(root, starts as never);
    expect(text.split('\n')).toEqual(['Images', 'DUBAI, the city', 'second line', 'item', 'a', 'b']);
    expect(starts.map((node) => node.nodeValue)).toEqual(['Images', 'DUBAI', 'second line', 'item', 'a\nb', 'a\nb']);
  });
});

