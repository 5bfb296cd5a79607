import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { articleText } from '../text/article-text.ts';
import { dropAreas } from './drop-areas.ts';
import type { PageDocument } from './page-dom.ts';
import { readableArticle } from './readable-article.ts';

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the story carries enough words to count as readable prose, with commas, ` +
  `clauses and the steady rhythm of an article that someone would like to hear read aloud.</p>`;
const story = [1, 2, 3, 4, 5, 6].map(paragraph).join('\n');

function articleOf(body: string) {
  const { document } = parseHTML(`<!doctype html><html lang="en"><head><title>The Story</title></head><body>${body}</body></html>`);
  return readableArticle(document as unknown as PageDocument);
}

function read(body: string): string {
  const article = articleOf(body);
  return article ? articleText(article.root) : '';
}

describe('readableArticle', () => {
  it('leaves out captions, related-story links, widget labels and datelines inside the article', () => {
    const text = read(`<article>
      <p>Updated 3:27 am PST, Wednesday, November 20, 2019</p>
      <figure><img src="a.jpg"><figcaption>CAPTIONTEXT Photo: Some Agency</figcaption></figure>
      ${paragraph(1)}${paragraph(2)}
      <p><strong><a href="/other-story">A HEADLINE OF ANOTHER STORY ON THE SAME SITE</a></strong></p>
      <div><span>Advertisement</span></div>
      ${paragraph(3)}
      <p>Related: <a href="/more">Ten more things you did not know about this</a></p>
      ${paragraph(4)}${paragraph(5)}
      <ul><li><a href="/a">First further reading</a></li><li><a href="/b">Second further reading</a></li></ul>
      ${paragraph(6)}
    </article>`);
    for (const gone of ['Updated', 'CAPTIONTEXT', 'HEADLINE', 'Advertisement', 'Related', 'further reading']) {
      expect(text).not.toContain(gone);
    }
    expect(text.split('\n')).toHaveLength(6);
  });

  it('keeps short link-only lines, headings and sentences with a link in them', () => {
    const text = read(`<article>${paragraph(1)}<h2><a href="#part">Part two</a></h2>${paragraph(2)}
      <p>The minister <a href="/minister">said on Tuesday</a> that the plan would go ahead as it stood.</p>
      <p>[<a href="https://source.example/">Source</a>]</p>${paragraph(3)}${paragraph(4)}</article>`);
    expect(text).toContain('Part two');
    expect(text).toContain('The minister said on Tuesday that the plan would go ahead as it stood.');
    expect(text).toContain('[Source]');
  });

  it("keeps a list of links the article's text introduces and goes on after; drops one announced as more reading or left at the end", () => {
    const links = (...names: string[]) => `<ul>${names.map((n) => `<li><a href="/${n}">${n}</a></li>`).join('')}</ul>`;
    const text = read(`<article>${paragraph(1)}${paragraph(2)}
      <p>The apps I use every day:</p>${links('Obsidian', 'Raycast', 'Things')}
      ${paragraph(3)}<h3>In progress</h3>${links('Kindling', 'Lattice')}
      ${paragraph(4)}<p>More stories from the desk:</p>${links('Yesterday', 'Last week')}
      ${paragraph(5)}${paragraph(6)}<p>Elsewhere:</p>${links('Tomorrow', 'Next week')}</article>`);
    for (const kept of ['Obsidian', 'Raycast', 'Things', 'Kindling', 'Lattice']) expect(text).toContain(kept);
    for (const gone of ['Yesterday', 'Last week', 'Tomorrow', 'Next week']) expect(text).not.toContain(gone);
  });

  it("drops pictures' credits, invitations to follow the site, sign-up boxes and print notes, but not slashes in a table or a sentence about a photo", () => {
    const text = read(`<article>${paragraph(1)}
      <div><img src="a.jpg"><span>Photo: Ann Lee, AP</span></div>${paragraph(2)}
      <div>Sakib Ali/Hindustan Times/Getty Images</div>${paragraph(3)}
      <p>(Image: © Some Collaboration)</p>${paragraph(4)}
      <p>Getting a table at the harbour café on a Sunday isn't easy.<span>Kathrin Ziegler/Getty</span> Most come early.</p>
      <p>The <span>Star Wars</span> films and <span>Windows/Mac</span> builds stay as written.</p>
      <p>Follow Newsdesk on Instagram, Facebook and YouTube.</p>${paragraph(5)}
      <div><p>Sign up for The Morning newsletter: the day's news, every weekday.</p></div>
      <p>A version of this article appears in print on Nov. 3, 2019, Section A, Page 12.</p>
      <p>Order Reprints | Today's Paper | Subscribe</p>
      <p>The photo: a harbour at dawn, taken by a reader who sent it in last spring.</p>
      <table><tr><td>Recipe/item/Entity tooltip</td><td>Shows the entity</td></tr></table>${paragraph(6)}</article>`);
    for (const gone of ['Ann Lee', 'Getty', 'Collaboration', 'Follow Newsdesk', 'newsletter', 'in print', 'Reprints', 'Ziegler']) expect(text).not.toContain(gone);
    expect(text).toContain('The photo: a harbour at dawn');
    expect(text).toContain('Recipe/item/Entity tooltip');
    expect(text).toContain("isn't easy. Most come early.");
    expect(text).toContain('The Star Wars films and Windows/Mac builds stay as written.');
  });

  it('drops boilerplate areas by the words of their class, but not utility classes or negations', () => {
    const text = read(`<div class="Mx(a)--modalCentered"><div class="post-body hasnt-bio">${story}
      <div class="relatedStories">RELATEDTEXT</div><div class="shareBar__icons">SHARETEXT</div>
      <span class="sr-only">SCREENREADERTEXT</span></div></div>`);
    expect(text).toContain('Paragraph 6 of the story');
    for (const gone of ['RELATEDTEXT', 'SHARETEXT', 'SCREENREADERTEXT']) expect(text).not.toContain(gone);
  });

  it('reads the modifier of the area holding the article as its layout: a post beside a sidebar is kept, a rail of trending stories is not', () => {
    const menu = Array.from({ length: 100 }, (_, n) => `<li><a href="/shop/${n}">Shop department number ${n} of the store</a></li>`).join('');
    const text = read(`<div class="mega-menu"><ul>${menu}</ul></div>
      <section class="post post--sidebar-right"><article>${story}</article>
      <div class="post__sidebar">SIDEBARTEXT Our store opens at nine every day of the week.</div></section>
      <div class="rail rail--trending"><p>TRENDINGTEXT A story from elsewhere on the site that many readers opened today, with a long summary.</p></div>`);
    expect(text).toContain('Paragraph 6 of the story');
    for (const gone of ['SIDEBARTEXT', 'TRENDINGTEXT']) expect(text).not.toContain(gone);
  });

  it('keeps an area that holds most of the page whatever its class', () => {
    expect(read(`<div class="comments-enabled">${story}</div>`)).toContain('Paragraph 1 of the story');
  });

  it('narrows Readability to the page’s marked article body when it takes in the teasers around it', () => {
    const teaser = (n: number) =>
      `<div class="card"><h3>Teaser ${n}</h3><p>TEASER ${n}: another story that the site would like you to ` +
      `read next, described in a sentence long enough, with commas, to look like prose to a reader.</p></div>`;
    const text = read(`<main><div itemprop="articleBody">${story}</div>${[1, 2, 3, 4].map(teaser).join('')}</main>`);
    expect(text).toContain('Paragraph 6 of the story');
    expect(text).not.toContain('TEASER');
  });

  it('reads every teaser of a front page: several articles of a size name none of them the article', () => {
    const teaser = (n: number) =>
      `<article><h2><a href="/story-${n}">Story ${n}: the council votes on a plan for the harbour</a></h2>` +
      `<p>The council met on Tuesday and argued for hours about money, boats and a bridge, residents said after meeting ${n}.</p></article>`;
    const text = read(`<main><h1>Local news</h1>${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</main>`);
    for (const n of [1, 2, 3, 4, 5, 6]) expect(text).toContain(`Story ${n}: the council votes`);
    // And it is told for what it is: a list of six.
    expect(articleOf(`<main><h1>Local news</h1>${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</main>`)?.listing).toBe(6);
  });

  it('tells an article from a list, a list article whose items are linked headings included', () => {
    expect(articleOf(`<article>${story}</article>`)?.listing).toBeNull();
    const item = (n: number) => `<h2><a href="/game-${n}">Game ${n} ($20)</a></h2>${paragraph(n)}${paragraph(n + 10)}${paragraph(n + 20)}`;
    expect(articleOf(`<article>${paragraph(0)}${[1, 2, 3, 4, 5, 6].map(item).join('')}</article>`)?.listing).toBeNull();
  });

  it('still reads the one article of a page whose related stories are articles too', () => {
    const related = (n: number) => `<article><h3><a href="/r${n}">Related ${n}</a></h3><p>A short teaser of another story ${n}.</p></article>`;
    const text = read(`<article>${story}</article><aside>${[1, 2, 3].map(related).join('')}</aside><div>${[4, 5].map(related).join('')}</div>`);
    expect(text.split('\n')).toHaveLength(6);
    expect(text).not.toContain('Related');
  });
});

describe('extraction that notices its own miss', () => {
  it('takes the block of prose when the page marks a subtitle as its article and the result is a fraction of that prose', () => {
    const text = read(`<main><h1>The town under water</h1><div class="text">
      <article><p>SUBTITLE: how one night of rain flooded the lower town.</p></article>${story}</div></main>`);
    expect(text).toContain('SUBTITLE');
    for (const n of [1, 2, 3, 4, 5, 6]) expect(text).toContain(`Paragraph ${n} of the story`);
  });

  it('takes a short article, not the list of other posts with their excerpts that follows it', () => {
    const post = (n: number) =>
      `<div class="card"><h3><a href="/post-${n}">POST ${n}: what the garden grew this year</a></h3>` +
      `<p>EXCERPT ${n}: the garden grew tomatoes and beans all summer, and the neighbours came to see them every evening after work.</p>` +
      `<a href="/post-${n}">Continue</a></div>`;
    const text = read(`<div class="page"><h1>The bakery reopens</h1><div class="entry">${paragraph(1)}${paragraph(2)}</div>
      <div class="more-posts">${[1, 2, 3, 4, 5, 6, 7, 8].map(post).join('')}</div></div>`);
    expect(text).toContain('Paragraph 1 of the story');
    expect(text).toContain('Paragraph 2 of the story');
    expect(text).not.toMatch(/POST|EXCERPT|Continue/);
  });

  it('reads a list article whole: the linked names in its article body are its entries, not teasers of other posts', () => {
    const entry = (n: number) =>
      `<div class="entry"><h3><a href="/brand/${n}">BRAND ${n}</a></h3>` +
      `<p>ENTRY ${n}: this maker sews shirts from recycled cotton in a small town, and sells them at a fair price.</p></div>`;
    const text = read(`<main><article><h1>Ten good makers</h1><time itemprop="datePublished" datetime="2024-03-03">March 3, 2024</time><div class="intro">${paragraph(1)}${paragraph(2)}${paragraph(3)}</div>
      ${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(entry).join('')}</article></main>`);
    expect(text).toContain('Paragraph 1 of the story');
    for (const n of [1, 5, 10]) expect(text).toContain(`ENTRY ${n}:`);
  });

  it('reads a dated list article whole when Readability keeps only its intro, a small part of the page', () => {
    const place = (n: number) =>
      `<article class="venue"><h3>PLACE ${n}</h3><p>PLACE ${n} SAYS: a small dining room on a quiet street, ` +
      `where the cooks grill fish over charcoal and the wine list runs to forty bottles.</p></article>`;
    const text = read(`<main><h1>Where to eat this spring</h1><time itemprop="datePublished" datetime="2024-03-03">March 3, 2024</time>
      <div class="lead">${[1, 2, 3, 4].map(paragraph).join('')}</div>
      <div class="page-footer"><div class="venues">${Array.from({ length: 20 }, (_, i) => place(i + 1)).join('')}</div></div></main>`);
    expect(text).toContain('Paragraph 1 of the story');
    for (const n of [1, 10, 20]) expect(text).toContain(`PLACE ${n} SAYS:`);
  });

  it('reads once an article its page builder renders again for each screen width; a paragraph the article itself repeats stays', () => {
    const refrain = '<p>The tide comes in, the tide goes out, and the harbour waits for the boats to come home.</p>';
    const sections = [1, 2, 3].map((n) => `<div class="part"><h2>Part ${n}</h2>${paragraph(2 * n - 1)}${refrain}${paragraph(2 * n)}${refrain}</div>`).join('');
    const variants = ['desktop', 'tablet', 'phone'].map((width) => `<div class="ssr-variant hidden-${width}"><div class="body">${sections}</div></div>`).join('\n');
    const text = read(`<main><h1>The Story</h1>${variants}</main>`);
    for (let n = 1; n <= 6; n++) expect(text.split(`Paragraph ${n} of the story`)).toHaveLength(2);
    expect(text.split('The tide comes in')).toHaveLength(7);
  });

  it('keeps an article laid out as a row of blocks of one kind, though their class holds a boilerplate word', () => {
    const blocks = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<div class="widget-wrapper"><div class="text-widget sidebar-style">${paragraph(n)}</div></div>`);
    const text = read(`<div class="layout"><div class="story-header"><h1>The Story</h1><div class="story-subtitle"><p>A subtitle of eleven words that tells what the story is about.</p></div></div>
      ${blocks.join('\n')}<div class="sidebar-style"><p>SIDEBAR: the weather tomorrow.</p></div></div>`);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect(text).toContain(`Paragraph ${n} of the story`);
  });

  it('does not count hidden paragraphs as the page’s prose', () => {
    const hidden = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<p style="display: none">HIDDEN ${n} ${paragraph(n).slice(3, -4)}</p>`).join('');
    const text = read(`<div><h1>The Story</h1><p>${'A visible short piece of prose, one sentence long, which is what the page shows. '.repeat(2)}</p><div>${hidden}</div></div>`);
    expect(text).not.toContain('HIDDEN');
  });
});

describe('precision: labels and prompts around the article', () => {
  it('drops reading-time and age labels, comment and share prompts and leads to other stories, in any of their usual forms', () => {
    const text = read(`<article>
      <div>Ann Lee · March 3, 2024 · 5 min read</div>
      <p>8 minute read</p>${paragraph(1)}
      <div><span>Updated 3 hours ago</span></div>${paragraph(2)}
      <p>Read more: <a href="/other">A story about another town and its river</a></p>${paragraph(3)}
      <p>The mayor spoke <time datetime="2024-03-03">2 hours ago</time> about the flood.</p>
      <div><a href="/share">Share on Facebook</a></div><div>Leave a comment</div><div>Join the conversation</div>
      ${paragraph(4)}<p>Comments (12)</p><p>Copy link</p>${paragraph(5)}${paragraph(6)}
      <p>Lesezeit: 4 Min.</p><p>It took her 5 minutes to read the letter twice.</p></article>`);
    for (const gone of ['min read', 'minute read', 'hours ago', 'Read more', 'another town', 'Share on', 'Leave a comment', 'conversation', 'Comments', 'Copy link', 'Lesezeit']) {
      expect(text).not.toContain(gone);
    }
    expect(text).toContain('The mayor spoke about the flood.');
    expect(text).toContain('It took her 5 minutes to read the letter twice.');
    for (const n of [1, 2, 3, 4, 5, 6]) expect(text).toContain(`Paragraph ${n} of the story`);
  });
});

describe('dropAreas', () => {
  it("drops the page's live regions, what it announces as it runs, and keeps the article around them", () => {
    const text = read(`<article><div role="status">CAROUSELSTATUS Slide 1 of 8</div>${story}
      <p role="alert">ALERTTEXT Oops! Something went wrong. Please try again.</p></article>`);
    expect(text).toContain('Paragraph 6 of the story');
    expect(text).not.toMatch(/CAROUSELSTATUS|ALERTTEXT/);
  });

  it("keeps a section's own <header>, its heading and intro, and drops a masthead of links wrapped in a section", () => {
    const { document } = parseHTML(`<!doctype html><html><body>
      <section class="top"><header class="site"><a href="/">MASTHEAD Harbour Cloud home</a> <a href="/pricing">Pricing and plans</a> Open daily</header></section>
      <section class="row"><header><h2>Features of the harbour</h2><p>The INTRO tells what the harbour service does in a sentence.</p></header>${paragraph(1)}</section>
    </body></html>`);
    dropAreas(document as unknown as PageDocument);
    const text = document.body.textContent ?? '';
    expect(text).toContain('INTRO');
    expect(text).not.toContain('MASTHEAD');
  });
});
