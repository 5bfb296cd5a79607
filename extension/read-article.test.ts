import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, errorTabMessage, notAWebPageTabMessage } from '../shared/errors.ts';
import { limitText, readArticle } from './read-article.ts';

function documentOf(html: string, url = 'https://news.example.com/story'): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.documentElement.innerHTML = html;
  Object.defineProperty(doc, 'URL', { value: url });
  return doc;
}

const paragraphs = [
  'The harbour wakes before the town does, when the first boats slide out past the breakwater into a grey and patient sea.',
  'Fishermen here still mend their nets by hand, and the old men on the quay can tell the weather from the colour of the gulls.',
  'By noon the catch is sold, the boats are washed, and the harbour settles back into the long quiet of the afternoon tide.',
];

const ARTICLE = `<head><title>Morning in the Harbour | Coast Weekly</title></head>
<body>
  <nav><a href="/">Home</a><a href="/news">News</a></nav>
  <article><h1>Morning in the Harbour</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article>
  <footer>© Coast Weekly</footer>
</body>`;

describe('reading the page in the tab', () => {
  it('refuses what the web app refuses, saying what the tab shows: an error page, a JSON file, an image, an empty page', () => {
    expect(readArticle(documentOf(ARTICLE), 404)).toEqual({ ok: false, error: { code: 'FETCH_FAILED', message: errorTabMessage('404 Not Found') } });
    const json = documentOf('<body><pre>{"status":"ok"}</pre></body>');
    Object.defineProperty(json, 'contentType', { value: 'application/json' });
    expect(readArticle(json, 200)).toEqual({ ok: false, error: { code: 'FETCH_FAILED', message: notAWebPageTabMessage('a file of type application/json') } });
    const image = documentOf('<body><img src="cat.png"></body>');
    Object.defineProperty(image, 'contentType', { value: 'image/png' });
    expect(readArticle(image)).toMatchObject({ ok: false, error: { message: notAWebPageTabMessage('an image') } });
    expect(readArticle(documentOf('<head></head><body> </body>'))).toEqual({ ok: false, error: { code: 'NO_READABLE_CONTENT', message: CONTENT_MESSAGES.noReadableContent } });
    expect(readArticle(documentOf(ARTICLE), 200).ok).toBe(true);
  });

  it('keeps the article, a line per paragraph, without the page around it', () => {
    const doc = documentOf(ARTICLE);
    const result = readArticle(doc);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.sourceUrl).toBe('https://news.example.com/story');
    expect(result.value.title).toContain('Morning in the Harbour');
    const lines = result.value.text.split('\n');
    for (const paragraph of paragraphs) expect(lines).toContain(paragraph);
    expect(result.value.text).not.toContain('© Coast Weekly');
  });

  it("sends each line's kind, so the server's read mode can announce code and read tables", () => {
    const doc = documentOf(`<head><title>Queries</title></head><body><article><h1>Queries</h1>
      ${paragraphs.map((p) => `<p>${p}</p>`).join('')}
      <pre>const rows = await pool.query(sql);\nif (rows.length === 0) return null;</pre>
      <table><thead><tr><th>Player</th><th>Plays</th></tr></thead>
        <tbody><tr><td>Larry Ogunjobi</td><td>63</td></tr><tr><td>Sam Hubbard</td><td>58</td></tr></tbody></table>
      <p>${paragraphs[0]}</p></article></body>`);
    const result = readArticle(doc);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lines = result.value.text.split('\n');
    const kinds = result.value.lines!;
    expect(kinds).toHaveLength(lines.length);
    const kindOf = (start: string) => kinds[lines.findIndex((line) => line.startsWith(start))];
    expect(kindOf('const rows')).toBe('x');
    expect(kindOf('if (rows.length')).toBe('x');
    expect(kindOf('Player')).toBe('t');
    expect(kindOf('Larry Ogunjobi')).toBe('d');
    expect(kindOf(paragraphs[1]!)).toBe('p');
  });

  it('leaves the live page untouched', () => {
    const doc = documentOf(ARTICLE);
    const before = doc.documentElement.outerHTML;
    readArticle(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it.each([
    ['an empty app shell', '<head><title>App</title></head><body><div id="app"></div></body>'],
    ['only scripts', '<head><title>x</title></head><body><script>var a = 1;</script></body>'],
  ])('says so when there is nothing to read: %s', (_name, html) => {
    expect(readArticle(documentOf(html))).toEqual({
      ok: false,
      error: { code: 'NO_READABLE_CONTENT', message: 'Could not extract readable content from the webpage' },
    });
  });

  it('cuts an overlong text at a line break', () => {
    expect(limitText('aaa\nbbb\nccc', 9)).toBe('aaa\nbbb');
    expect(limitText('short', 9)).toBe('short');
    expect(limitText('abcdefghijkl', 5)).toBe('abcde');
  });
});
