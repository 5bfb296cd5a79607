import { afterEach, describe, expect, it, vi } from 'vitest';
import { paragraphElements } from './page-paragraphs.ts';
import { createReadAlong, READ_ALONG_ATTRIBUTE, READ_ALONG_HIGHLIGHT } from './read-along.ts';
import { readArticle } from './read-article.ts';

const paragraphs = [
  'The harbour wakes before the town does, when the first boats slide out past the breakwater into a grey and patient sea.',
  'Fishermen here still mend their nets by hand, and the old men on the quay can tell the weather from the colour of the gulls.',
  'By noon the catch is sold, the boats are washed, and the harbour settles back into the long quiet of the afternoon tide.',
  'In the evening the lights of the boats come back one by one, and the harbour master counts them in from his window.',
];

const ARTICLE = `<head><title>Morning in the Harbour | Coast Weekly</title></head>
<body>
  <nav><a href="/">Home</a><a href="/news">News</a></nav>
  <article><h1>Morning in the Harbour</h1>
    <p>${paragraphs[0]}</p>
    <h2>The quay</h2>
    <p>${paragraphs[1]} <a href="/gulls">More on gulls</a></p>
    <ul><li>${paragraphs[2]}</li></ul>
    <div>${paragraphs[3]}</div>
  </article>
  <footer>© Coast Weekly</footer>
</body>`;

function articleDocument(html = ARTICLE): Document {
  document.documentElement.innerHTML = html;
  Object.defineProperty(document, 'URL', { value: 'https://news.example.com/harbour', configurable: true });
  return document;
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as { CSS?: unknown }).CSS;
  delete (window as { Highlight?: unknown }).Highlight;
});

describe("the source page's paragraphs", () => {
  it("finds, for each line of the text the extension sends, that line's element on the live page", () => {
    const doc = articleDocument();
    const sent = readArticle(doc);
    if (!sent.ok) throw new Error('the article was not read');
    const lines = sent.value.text.split('\n');
    const elements = paragraphElements(doc);
    expect(elements).toHaveLength(lines.length);
    for (const paragraph of paragraphs) {
      const index = lines.indexOf(paragraph.startsWith('Fishermen') ? `${paragraph} More on gulls` : paragraph);
      expect(index, paragraph).toBeGreaterThanOrEqual(0);
      // The live page's own element: the one a reader sees.
      expect(elements[index]!.ownerDocument).toBe(doc);
      expect(doc.contains(elements[index]!)).toBe(true);
      expect(text(elements[index])).toContain(paragraph);
    }
    expect(elements[lines.indexOf('The quay')]?.tagName).toBe('H2');
  });

  it('leaves the page as it was, and finds nothing on a page without an article', () => {
    const doc = articleDocument();
    const before = doc.documentElement.outerHTML;
    paragraphElements(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
    expect(paragraphElements(articleDocument('<head><title>App</title></head><body><div id="app"></div></body>'))).toEqual([]);
  });
});

describe('read-along on the page', () => {
  function setUp() {
    const doc = articleDocument();
    const elements = [...doc.querySelectorAll('article p, article li, article div')];
    const seeks: number[] = [];
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top: 2000, bottom: 2100 } as DOMRect);
    return { doc, elements, seeks, scrolled, readAlong: () => createReadAlong(doc, elements, (i) => seeks.push(i)) };
  }

  it('highlights the paragraph read with a CSS Custom Highlight, the page DOM untouched, and keeps it in view', () => {
    const highlights = new Map<string, { range: Range }>();
    Object.assign(window, { CSS: { highlights }, Highlight: class { constructor(readonly range: Range) {} } });
    const { doc, elements, scrolled, readAlong } = setUp();
    const before = doc.documentElement.outerHTML;
    const along = readAlong();
    expect(along.show(1)).toBe(true);
    expect(highlights.get(READ_ALONG_HIGHLIGHT)?.range.toString()).toContain(paragraphs[1]);
    expect(scrolled).toEqual([elements[1]]);
    along.show(2);
    expect(highlights.get(READ_ALONG_HIGHLIGHT)?.range.toString()).toBe(paragraphs[2]);
    expect(doc.documentElement.outerHTML).toBe(before);
    along.stop();
    expect(highlights.size).toBe(0);
    expect(along.show(3)).toBe(false);
    expect(highlights.size).toBe(0);
  });

  it('marks the paragraph where the browser has no highlight API, and unmarks it on stop', () => {
    const { doc, elements, readAlong } = setUp();
    const along = readAlong();
    along.show(0);
    expect([...doc.querySelectorAll(`[${READ_ALONG_ATTRIBUTE}]`)]).toEqual([elements[0]]);
    along.show(3);
    expect([...doc.querySelectorAll(`[${READ_ALONG_ATTRIBUTE}]`)]).toEqual([elements[3]]);
    expect(along.show(99)).toBe(false);
    expect(doc.querySelectorAll(`[${READ_ALONG_ATTRIBUTE}]`)).toHaveLength(0);
    along.show(2);
    along.stop();
    expect(doc.querySelectorAll(`[${READ_ALONG_ATTRIBUTE}]`)).toHaveLength(0);
  });

  it('a click on a paragraph asks to play from it; links keep theirs; after stop a click does nothing', () => {
    const { doc, elements, seeks, readAlong } = setUp();
    const along = readAlong();
    elements[2]!.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    expect(seeks).toEqual([2]);
    doc.querySelector('a[href="/gulls"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    doc.querySelector('nav')!.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    expect(seeks).toEqual([2]);
    along.stop();
    elements[1]!.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    expect(seeks).toEqual([2]);
  });
});
