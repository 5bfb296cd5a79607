/**
 * Extraction by kind of page, each on a page written for it (server/test/kind-pages.ts): what a
 * listener wants of it is read, and its chrome is not.
 */
import { Readability } from '@mozilla/readability';
import { describe, expect, it, vi } from 'vitest';
import { COLLECTION_ITEMS, collectionPage, DOCS_CODE, docsPage, FORUM_POSTS, forumPage, LISTING_ITEMS, listingPage, PRODUCT_DESCRIPTION, PRODUCT_SPECIFICATIONS, productPage, sectionedCompanyPage, SERVICE_SECTIONS, servicePage } from '../../test/kind-pages.ts';
import { extractArticle } from './extract-article.ts';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** Every section of a company page in order, each with `point` of it, and not the page's menu or footer. */
function expectEverySection(text: string, point: (name: string) => string): void {
  const positions = SERVICE_SECTIONS.map((name) => text.indexOf(`${name} of the harbour service`));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  for (const name of SERVICE_SECTIONS) expect(text).toContain(point(name));
  expect(text).not.toMatch(/NAVLINK|FOOTERTEXT/);
}

/** A company page of `blocks` between a menu and a footer. */
const companyPage = (title: string, blocks: string[]) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><nav><a href="/">NAVLINK</a></nav>
      <div class="page">${blocks.join('')}</div><footer>FOOTERTEXT</footer></body></html>`;

describe('extraction by kind of page', () => {
  it('a forum thread in <noscript>: every post in order, each announced once by its author, without posters details, signatures or buttons', () => {
    const result = extractArticle(forumPage(), 'https://talk.example.org/t/which-kayak/42');
    expect(result.kind).toBe('forum');
    let at = -1;
    for (const post of FORUM_POSTS) {
      const next = result.text.indexOf(`${post.author} wrote:\n${post.text}`, at + 1);
      expect(next, post.text).toBeGreaterThan(at);
      at = next;
    }
    for (const author of ['riverwren', 'oxbowlake', 'tidepool']) expect(occurrences(result.text, author)).toBe(1);
    expect(occurrences(result.text, 'crumbshot')).toBe(2);
    expect(result.text).not.toMatch(/Joined|\d+ posts|Paddle on|Like|Reply/);
  });

  it("a thread on a forum's own host, with no forum markup and a slug for its address: every post, each announced by its author", () => {
    const posts = FORUM_POSTS.map((post, i) => `<div class="message" id="m${i}"><div class="byline"><span class="username">${post.author}</span></div><div class="body"><p>${post.text}</p></div></div>`);
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><div id="page"><h1>Which kayak for a beginner?</h1>${posts.join('')}</div></body></html>`;
    const result = extractArticle(html, 'https://forum.paddlers.example.org/topic/which-kayak');
    expect(result.kind).toBe('forum');
    for (const post of FORUM_POSTS) expect(result.text).toContain(`${post.author} wrote:\n${post.text}`);
  });

  it('a thread whose posts are named as comments and carry their poster\'s rank: every post, without the consent dialog or the posters\' details', () => {
    const posts = FORUM_POSTS.map(
      (post, i) => `<article id="elComment_${i + 1}" class="ipsComment cPost Rank-${i === 0 ? 'Admin' : 'Member'}">
        <div class="cAuthorPane"><span class="username">${post.author}</span><div class="user-stats">Joined: Mar 2024 · ${200 + i} posts</div></div>
        <div id="comment-${i + 1}_wrap" class="ipsComment_content"><p>${post.text}</p></div>
        <ul class="ipsComment_controls"><li><a href="#quote">Quote</a></li></ul></article>`,
    );
    const consent = `<div id="consent-sdk"><div role="dialog"><h2>Privacy Preference Center</h2><p>${'When you visit any website it may store or retrieve information on your browser, mostly in the form of cookies. '.repeat(12)}</p></div></div>`;
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main><h1>Which kayak for a beginner?</h1>
      <div id="comments" class="cTopic"><form>${posts.join('\n')}</form></div></main>${consent}</body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/topic/42-which-kayak/');
    expect(result.kind).toBe('forum');
    let at = -1;
    for (const post of FORUM_POSTS) {
      const next = result.text.indexOf(`${post.author} wrote:\n${post.text}`, at + 1);
      expect(next, post.text).toBeGreaterThan(at);
      at = next;
    }
    expect(result.text).not.toMatch(/Joined|\d+ posts|Quote|Privacy|cookies/);
  });

  it("a thread's actions, counts, permalinks, quote folds and machine dates standing alone are not read; the posts are", () => {
    const posts = FORUM_POSTS.map(
      (post, i) => `<div class="message" id="post-${i + 1}"><div class="message-user"><span class="username">${post.author}</span></div>
        <div class="message-main"><div><a href="#post-${i + 1}">#${i + 1}</a> <span>${12 + i}</span> <time>2024-03-0${i + 1}T10:09:38.163Z</time></div>
        <div class="message-body">${i > 0 ? `<blockquote><p>${FORUM_POSTS[i - 1]!.author} said:</p><div>Earlier words.</div><div>Click to expand...</div></blockquote>` : ''}<p>${post.text}</p></div>
        <div><a href="#r">Reply</a> <a href="#q">Quote</a> <a href="#p">Report</a> <a href="#s">Share</a></div></div></div>`,
    );
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main><h1>Which kayak for a beginner?</h1>
      <div class="thread">${posts.join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/threads/which-kayak.42/');
    expect(result.kind).toBe('forum');
    for (const post of FORUM_POSTS) expect(result.text).toContain(post.text);
    expect(result.text).not.toMatch(/^(?:Reply|Quote|Report|Share|#\d|\d+)$|Click to expand|2024-03-0\dT/m);
  });

  it('a reply quoting the opening post whole does not read it again; a reply quoting a line of another stays with its quote', () => {
    const opening = `${FORUM_POSTS[0]!.text} I have about four hundred to spend, a roof rack on a small hatchback, and an hour of daylight after work in summer. The lake is calm most evenings, though the wind picks up by the boat ramp. I would rather not buy twice, so tell me what you wish you had known.`;
    const line = 'Rent a few boats before you buy one.';
    const bodies = [
      `<p>${opening}</p>`,
      `<blockquote><div>crumbshot said:</div><p>${opening}</p></blockquote><p>${FORUM_POSTS[1]!.text}</p>`,
      `<p>${FORUM_POSTS[2]!.text}</p>`,
      `<blockquote><div>oxbowlake said:</div><p>${line}</p></blockquote><p>${FORUM_POSTS[3]!.text}</p>`,
    ];
    const authors = ['crumbshot', 'riverwren', 'oxbowlake', 'crumbshot'];
    const posts = bodies.map((body, i) => `<article class="message" id="post-${i + 1}"><div class="message-user"><span class="username">${authors[i]}</span></div><div class="message-body">${body}</div></article>`);
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main><h1>Which kayak for a beginner?</h1>
      <div class="thread">${posts.join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/threads/which-kayak.42/');
    expect(result.kind).toBe('forum');
    expect(occurrences(result.text, opening)).toBe(1);
    expect(result.text).toContain(`riverwren wrote:\n${FORUM_POSTS[1]!.text}`);
    expect(result.text).toContain(`oxbowlake said:\n${line}\n${FORUM_POSTS[3]!.text}`);
  });

  it('a thread whose posts name no author: a quote of passages said before is not read again, a short quote stays with its reply', () => {
    const calm = 'The lake is calm most evenings, though the wind picks up by the boat ramp after six and the chop can turn a small boat around.';
    const budget = 'I have about four hundred to spend, a roof rack on a small hatchback, and an hour of daylight after work in summer, so weight matters.';
    const line = 'Rent a few boats before you buy one, any shop will do.';
    const bodies = [
      `<p>${FORUM_POSTS[0]!.text}</p><p>${calm}</p><p>${budget}</p>`,
      `<p>${FORUM_POSTS[1]!.text}</p><p>${line}</p>`,
      `<blockquote><div>crumbshot said:</div><p>${calm}</p><p>${budget}</p></blockquote><p>${FORUM_POSTS[2]!.text}</p>`,
      `<blockquote><p>${line}</p></blockquote><p>${FORUM_POSTS[3]!.text}</p>`,
    ];
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main><h1>Which kayak for a beginner?</h1>
      <div class="thread">${bodies.map((body, i) => `<div class="entry" id="entry-${i}">${body}</div>`).join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/threads/which-kayak.42/');
    expect(result.kind).toBe('forum');
    for (const post of FORUM_POSTS.slice(0, 4)) expect(occurrences(result.text, post.text)).toBe(1);
    expect(occurrences(result.text, calm)).toBe(1);
    expect(occurrences(result.text, budget)).toBe(1);
    expect(result.text).not.toContain('crumbshot said:');
    expect(result.text).toContain(`${line}\n${FORUM_POSTS[3]!.text}`);
  });

  it("a thread's reply subjects (its title again after \"Re:\") and its buttons are not read; its title and posts are", () => {
    const title = 'Which kayak for a beginner?';
    const posts = FORUM_POSTS.map(
      (post, i) => `<div class="post" id="p${i + 1}"><dl class="postprofile"><dt><a class="username" href="/u/${i}">${post.author}</a></dt></dl>
        <div class="postbody"><h3><a href="#p${i + 1}">${i === 0 ? title : `Re: ${title}`}</a></h3><div class="content">${post.text}</div></div></div>`,
    );
    const html = `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h2>${title}</h2>
      <div class="action-bar"><a href="/posting">Post Reply</a> <span>Locked</span></div><div class="topic">${posts.join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/viewtopic.php?t=42');
    expect(result.kind).toBe('forum');
    for (const post of FORUM_POSTS) expect(result.text).toContain(`${post.author} wrote:\n${post.text}`);
    expect(result.text).toContain(title);
    expect(result.text).not.toMatch(/Re: |Post Reply|Locked/);
  });

  it("a poster's signature, a block said word for word under each of their posts, is not read; a quote of another poster's post stays", () => {
    const posts = FORUM_POSTS.map(
      (post, i) => `<div class="message" id="post-${i + 1}"><div class="message-user"><span class="username">${post.author}</span></div>
        <div class="message-body">${i === 3 ? `<blockquote><p>${FORUM_POSTS[2]!.text}</p></blockquote>` : ''}<p>${post.text}</p></div>
        <div class="message-end"><div>${post.author === 'crumbshot' ? 'Sent from a small boat on a calm lake' : `Member ${i} of the paddling club`}</div></div></div>`,
    );
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main><h1>Which kayak for a beginner?</h1>
      <div class="thread">${posts.join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/threads/which-kayak.42/');
    for (const post of FORUM_POSTS) expect(result.text).toContain(post.text);
    expect(occurrences(result.text, FORUM_POSTS[2]!.text)).toBe(2);
    expect(result.text).not.toContain('Sent from a small boat');
    expect(result.text).toContain('Member 1 of the paddling club');
  });

  it("a thread's signatures named so are not read, though each is said once and no post names its author; a restaurant's signature dishes are", () => {
    const signatures = ['Currently paddling: a borrowed sit-on-top and a leaky canoe', 'Two boats, one roof rack, and far too many paddles in the garage'];
    const bodies = FORUM_POSTS.slice(0, 4).map((post, i) => `<div class="msg_body"><p>${post.text}</p>${i < 2 ? `<div class="signature"><div class="sig_text">${signatures[i]}</div></div>` : ''}</div>`);
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main><h1>Which kayak for a beginner?</h1>
      <table class="board">${bodies.map((body, i) => `<tr><td class="msg" id="message_${i}">${body}</td></tr>`).join('\n')}</table></main></body></html>`;
    const thread = extractArticle(html, 'https://talk.example.org/boards/kayaks/42');
    expect(thread.kind).toBe('forum');
    for (const post of FORUM_POSTS.slice(0, 4)) expect(thread.text).toContain(post.text);
    for (const signature of signatures) expect(thread.text).not.toContain(signature);

    const dishes = 'Our signature dishes are a slow-roasted lamb shoulder with rosemary, and a lemon tart baked every morning by the head chef herself.';
    const menu = `<!doctype html><html lang="en"><head><title>The Harbour Kitchen</title></head><body><main><h1>The Harbour Kitchen</h1>
      <p>${FORUM_POSTS[0]!.text} We cook what the boats bring in, and the menu changes with the weather and the catch of the day.</p>
      <div class="signature"><p>${dishes}</p></div></main></body></html>`;
    expect(extractArticle(menu, 'https://kitchen.example.org/about').text).toContain(dishes);
  });

  it("a thread's menus named so but not marked as navigation are not read; a post named as a menu's target is", () => {
    const menu = `<div class="forum-menu"><ul>${['Kayaks', 'Canoes', 'Paddles', 'Trips', 'Safety', 'Gear swap'].map((item) => `<li><a href="/f/${item}">MENULINK ${item}</a></li>`).join('')}</ul></div>
      <div class="mobileNav-header"><p>MENULABEL</p><p>Close</p></div>`;
    const posts = FORUM_POSTS.map(
      (post, i) => `<article class="message"><div class="message-user"><span class="username">${post.author}</span></div><div class="message-body${i === 2 ? ' js-navTarget' : ''}"><p>${post.text}</p></div></article>`,
    );
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main>${menu}<h1>Which kayak for a beginner?</h1>
      <div class="thread">${posts.join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/threads/which-kayak.42/');
    for (const post of FORUM_POSTS) expect(result.text).toContain(`${post.author} wrote:\n${post.text}`);
    expect(result.text).not.toMatch(/MENULINK|MENULABEL/);
  });

  it("a thread's list of similar threads is not read, its heading and all; the posts are", () => {
    const posts = FORUM_POSTS.map(
      (post) => `<article class="message"><div class="message-user"><span class="username">${post.author}</span></div><div class="message-body"><p>${post.text}</p></div></article>`,
    );
    const others = [1, 2, 3, 4, 5].map(
      (n) => `<div class="item"><a href="/threads/other-${n}/">Which paddle is best for a long trip on open water with children number ${n}?</a><span>Mar ${n}, 2024</span> <span>oarsman${n}</span> <span>Replies ${n}</span></div>`,
    );
    const html = `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title></head><body><main><h1>Which kayak for a beginner?</h1>
      <div class="thread">${posts.join('\n')}</div>
      <div class="block"><h3 class="block-header">Similar threads</h3><div class="block-body">${others.join('')}</div></div></main></body></html>`;
    const result = extractArticle(html, 'https://talk.example.org/threads/which-kayak.42/');
    expect(result.kind).toBe('forum');
    for (const post of FORUM_POSTS) expect(result.text).toContain(post.text);
    expect(result.text).not.toMatch(/Similar threads|Which paddle|oarsman/);
  });

  it('a service page: all five sections in order, without the navigation, the cookie banner or the footer', () => {
    const result = extractArticle(servicePage(), 'https://harbour.example.com/');
    expectEverySection(result.text, (name) => `Point two of ${name}`);
    expect(result.text).not.toContain('COOKIETEXT');
  });

  it('a company page of sibling blocks that reads like an article: every block in order, not only the longest', () => {
    const result = extractArticle(sectionedCompanyPage(), 'https://harbour.example.com/movers/bay-area/');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} point number 2`);
    expect(result.text).not.toContain('COOKIETEXT');
  });

  it("a company page's menu label named as navigation is not read; its blocks named as a menu's targets, which hold prose, are", () => {
    const html = sectionedCompanyPage()
      .replace(/class="band band-/g, 'class="band navTarget band-')
      .replace('<div class="page">', '<div class="page"><div class="mobileNav-header"><p>MENULABEL</p><p>Close</p></div>');
    const result = extractArticle(html, 'https://harbour.example.com/movers/bay-area/');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} point number 2`);
    expect(result.text).not.toContain('MENULABEL');
  });

  it("a company page's sign-in and search forms are not read; a category page that one form wraps whole is", () => {
    const forms = `<form class="box-3" action="/login"><label>SIGNINFORM Email address</label><input type="email"><label>Password</label><input type="password"><a href="/forgot">Forgot your password?</a></form>
      <form action="/search"><label>SEARCHFORM Search the harbour</label><input type="search"></form>`;
    const company = extractArticle(sectionedCompanyPage().replace('<div class="page">', `<div class="page">${forms}`), 'https://harbour.example.com/movers/bay-area/');
    expectEverySection(company.text, (name) => `The ${name.toLowerCase()} point number 2`);
    expect(company.text).not.toMatch(/SIGNINFORM|SEARCHFORM/);
    // A page builder that wraps the whole page in one form (ASP.NET's) around cards with no prose.
    const wrapped = collectionPage().replace('<main>', '<main><form id="aspnetForm" action="/outerwear">').replace('</main>', '</form></main>');
    const category = extractArticle(wrapped, 'https://shop.example.com/collections/outerwear');
    for (const item of COLLECTION_ITEMS) expect(category.text).toContain(`${item.title}${item.price}`);
  });

  it("a company page's hero named a banner is read for its prose; a notice named a banner is not", () => {
    const hero = 'Harbour movers carry your home across the bay in a single day, with a crew that packs, lifts and unpacks every box for you.';
    const html = sectionedCompanyPage().replace(
      '<div class="page">',
      `<div class="page"><div class="site-banner"><p>BANNERNOTE Free boxes this week</p></div><div class="hero-banner"><h1>Moving made calm</h1><p>${hero}</p></div>`,
    );
    const result = extractArticle(html, 'https://harbour.example.com/movers/bay-area/');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} point number 2`);
    expect(result.text).toContain(`Moving made calm\n${hero}`);
    expect(result.text).not.toContain('BANNERNOTE');
  });

  it('a company page whose longest block holds half of its words: every block in order, not only the longest', () => {
    const line = (name: string, n: number) => `<p>The ${name.toLowerCase()} point number ${n} of the harbour service is described here in a full sentence, with ordinary words read aloud as prose.</p>`;
    const blocks = SERVICE_SECTIONS.map((name, i) => {
      const paragraphs = (i === 2 ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2]).map((n) => line(name, n)).join('');
      return `<div class="band"><div class="inner"><div class="cell"><h2>${name} of the harbour service</h2></div><div class="cell"><div class="text">${paragraphs}</div></div></div></div>`;
    });
    const result = extractArticle(companyPage('Harbour movers', blocks), 'https://harbour.example.com/movers/');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} point number 2`);
  });

  it('a company page at a services address that its SEO plugin declares a dated article: every block in order, not only the longest', () => {
    const line = (name: string, n: number) => `<p>The ${name.toLowerCase()} point number ${n} of the harbour service is described here in a full sentence, with ordinary words read aloud as prose.</p>`;
    const blocks = SERVICE_SECTIONS.map((name, i) => {
      const paragraphs = (i === 2 ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2]).map((n) => line(name, n)).join('');
      return `<div class="band"><div class="inner"><div class="cell"><h2>${name} of the harbour service</h2></div><div class="cell"><div class="text">${paragraphs}</div></div></div></div>`;
    });
    const declared = `<meta property="article:published_time" content="2024-03-01T10:00:00+00:00"><script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Harbour movers"},{"@type":"Article","headline":"Harbour movers"}]}</script>`;
    const html = companyPage('Harbour movers', blocks).replace('</head>', `${declared}</head>`);
    const result = extractArticle(html, 'https://harbour.example.com/services/movers/');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} point number 2`);
  });

  it('a company page whose blocks each end in links to learn more: every block in order, not only the longest', () => {
    const line = (name: string, n: number) => `<p>The ${name.toLowerCase()} point number ${n} of the harbour service is described in a sentence.</p>`;
    const blocks = SERVICE_SECTIONS.map((name, i) => {
      const paragraphs = (i === 2 ? [1, 2, 3, 4, 5, 6] : [1]).map((n) => line(name, n)).join('');
      const more = `<ul><li><a href="/${i}/tour">Take the tour of ${name.toLowerCase()}</a></li><li><a href="/${i}/pricing">See pricing for ${name.toLowerCase()}</a></li></ul>`;
      return `<div class="band"><h2>${name} of the harbour service</h2><div class="text">${paragraphs}</div><ul class="facts"><li>Berths: 40</li><li>Cranes: 2</li><li>Open all year</li></ul>${more}</div>`;
    });
    const result = extractArticle(companyPage('Harbour services', blocks), 'https://harbour.example.com/what-we-do');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} point number 1`);
  });

  it("a company page whose sections each open with a <header> of their heading and intro: every section's intro read; the site's masthead in a section not", () => {
    const blocks = SERVICE_SECTIONS.map((name) => `<section class="row"><header class="intro"><h2>${name} of the harbour service</h2><p>The ${name.toLowerCase()} intro tells what the harbour service does in a full sentence read aloud.</p></header>
      <ul><li>Berths: 40</li><li>Cranes: 2</li></ul></section>`);
    const masthead = '<section class="top"><header class="site"><a href="/">MASTHEAD Harbour Cloud home</a> <a href="/pricing">Pricing and plans for teams</a> <a href="/login">Sign in to your account</a> Open every day</header></section>';
    const result = extractArticle(companyPage('Harbour services', [masthead, ...blocks]), 'https://harbour.example.com/what-we-do');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} intro tells`);
    expect(result.text).not.toContain('MASTHEAD');
  });

  it("a company page that repeats a section for another screen width and clones its carousel's slides: each said once", () => {
    const line = (name: string) => `<p>The ${name.toLowerCase()} point number 1 of the harbour service is described in a full sentence read aloud as prose.</p>`;
    const facts = '<ul class="facts"><li>Berths: 40</li><li>Cranes: 2</li><li>Open all year</li><li>Staff on call at night</li><li>Boxes: free</li></ul>';
    const variant = (name: string, width: string) => `<div class="variant hidden-${width}"><h2>${name} of the harbour service</h2>${line(name)}${facts}</div>`;
    const quotes = ['The movers were on time and careful with every box we had.', 'They packed the whole flat in a morning and broke nothing at all.', 'Booking took a minute and the price was the one they quoted us.'];
    const slides = [...quotes, ...quotes].map((quote) => `<figure class="slide"><blockquote>${quote}</blockquote></figure>`);
    const blocks = SERVICE_SECTIONS.map((name) => `<section>${variant(name, 'phone')}${variant(name, 'desktop')}</section>`);
    const html = companyPage('Harbour movers', [...blocks, `<section class="testimonials"><h2>What movers say</h2><div class="track">${slides.join('')}</div></section>`]);
    const result = extractArticle(html, 'https://harbour.example.com/');
    expectEverySection(result.text, (name) => `The ${name.toLowerCase()} point number 1`);
    for (const name of SERVICE_SECTIONS) expect(occurrences(result.text, `The ${name.toLowerCase()} point number 1`)).toBe(1);
    for (const quote of quotes) expect(occurrences(result.text, quote)).toBe(1);
  });

  it('a company page whose blocks carry build hashes with "ad" in their letters: every block, and the advert still dropped', () => {
    const hashes = ['28addc53ad', '8d75ad3b', '38ad5ea', '006e7079ad', 'a0d1fad'];
    const blocks = SERVICE_SECTIONS.map(
      (name, i) => `<div class="container container-${hashes[i]}"><h2>${name} of the harbour service</h2><p>The ${name.toLowerCase()} of the harbour service is described here in a full sentence, with ordinary words read aloud.</p></div>`,
    );
    const html = `<!doctype html><html lang="en"><head><title>Harbour Cloud</title></head><body><nav><a href="/">NAVLINK</a></nav>
      <main>${blocks.join('')}<div class="ad-slot"><p>ADVERT Buy a boat today from our sponsor, the best boats on the coast.</p></div></main><footer>FOOTERTEXT</footer></body></html>`;
    const result = extractArticle(html, 'https://harbour.example.com/');
    for (const name of SERVICE_SECTIONS) expect(result.text).toContain(`The ${name.toLowerCase()} of the harbour service`);
    expect(result.text).not.toMatch(/ADVERT|NAVLINK|FOOTERTEXT/);
  });

  it("a service page's folded questions and tabs are read with their answers; its hidden dialog is not", () => {
    const answers = [
      'Boats travel by trailer, insured throughout.', 'Berths are booked a week ahead.', 'Quotes are sent the same day.',
      'Our crew works every day but Sunday.', 'Moorings are paid for by the month.', 'Winter storage opens in late October.',
      'Trailers are washed after every trip.', 'Insurance covers the boat and its engine.',
    ];
    const faq = answers
      .map((answer, i) => `<div class="faq-item"><button aria-expanded="false" aria-controls="answer-${i}">Question ${i + 1} about the harbour service?</button>
        <div id="answer-${i}" aria-hidden="true" style="height: 0px; visibility: hidden"><p>${answer}</p><p>Ask us for the details.</p></div></div>`)
      .join('');
    const tabs = `<div class="tabs"><div role="tabpanel"><p>TABONE Winter: a heated shed until March.</p></div>
      <div role="tabpanel" hidden><p>TABTWO Summer: a pontoon berth with power.</p></div></div>`;
    const dialog = `<div class="popup" style="display: none"><p>DIALOGTEXT Sign up now and we will send you our offers every week of the year.</p></div>`;
    const html = `<!doctype html><html lang="en"><head><title>Harbour Cloud</title></head><body><nav><a href="/">NAVLINK</a></nav>
      <main>${servicePage().match(/<section[\s\S]*<\/section>/)![0]}<section><h2>Plans of the harbour service</h2>${tabs}</section>
      <section><h2>Questions about the harbour service</h2>${faq}</section>${dialog}</main><footer>FOOTERTEXT</footer></body></html>`;
    const result = extractArticle(html, 'https://harbour.example.com/');
    expect(result.kind).toBe('service');
    for (const answer of answers) expect(result.text).toContain(answer);
    expect(result.text).toMatch(/TABONE[\s\S]*TABTWO/);
    expect(result.text).not.toMatch(/DIALOGTEXT|NAVLINK|FOOTERTEXT/);
  });

  it('a page whose sections wait in hidden placeholders beside a visible menu is read from them', () => {
    const menu = Array.from({ length: 30 }, (_, i) => `<a href="/p${i}">Menu item ${i}</a>`).join(' ');
    const sections = SERVICE_SECTIONS.map((name) => `<div hidden id="S:${name}"><section><h2>${name}</h2><p>${name} of the harbour service: one sentence that says what it is, and a second clause on why it helps a customer.</p></section></div>`).join('');
    const html = `<!doctype html><html lang="en"><head><title>Harbour</title></head><body><div class="menu">${menu}</div><p>Moving soon? Get a quote.</p>${sections}</body></html>`;
    const result = extractArticle(html, 'https://harbour.example.com/');
    for (const name of SERVICE_SECTIONS) expect(result.text).toContain(`${name} of the harbour service`);
  });

  it('a page read whole is read when Readability trips on its tree', () => {
    const parse = vi.spyOn(Readability.prototype, 'parse').mockImplementation(() => {
      throw new TypeError("Cannot read properties of null (reading 'tagName')");
    });
    try {
      const result = extractArticle(servicePage(), 'https://harbour.example.com/');
      for (const name of SERVICE_SECTIONS) expect(result.text).toContain(`${name} of the harbour service`);
    } finally {
      parse.mockRestore();
    }
  });

  it('a listing: every item with its summary, without the sort bar, the filters or the pagination', () => {
    const result = extractArticle(listingPage(), 'https://walks.example.org/guides/');
    for (const item of LISTING_ITEMS) {
      expect(result.text).toContain(item.title);
      expect(result.text).toContain(item.summary);
    }
    expect(result.text).not.toMatch(/SORTBAR|FILTERPANEL|PAGINATION/);
  });

  it('a category page whose product titles are links: the six items in order, each with its price, without the sort bar, the filters or the pagination', () => {
    const result = extractArticle(collectionPage(), 'https://shop.example.com/collections/outerwear');
    expect(result.kind).toBe('collection');
    let at = -1;
    for (const item of COLLECTION_ITEMS) {
      const title = result.text.indexOf(item.title, at + 1);
      expect(title, item.title).toBeGreaterThan(at);
      at = result.text.indexOf(item.price, title);
      expect(at, item.price).toBe(title + item.title.length);
    }
    expect(result.text).not.toMatch(/SORTBAR|FILTERPANEL|PAGINATION/);
  });

  it('a category grid wrapped in a block named for its pagination and filters, above a blurb: every item with its price, not the blurb alone', () => {
    const cards = COLLECTION_ITEMS.map((item, i) => `<div class="card"><a href="/products/${i}">${item.title}</a><span>${item.price}</span></div>`);
    const blurb = [1, 2, 3, 4].map((n) => `<p>Buying guide part ${n}: a good coat keeps the rain out and the warmth in, so choose the fabric, the fit and the hood with care before the season turns.</p>`);
    const html = `<!doctype html><html lang="en"><head><title>Outerwear</title></head><body><main><h1>Outerwear</h1>
      <div class="filtering-and-pagination"><div class="facet-panel">FILTERPANEL Size Colour</div><div class="grid">${cards.join('')}</div>
      <div class="pagination-links"><a href="?page=2">PAGINATION Next</a></div></div><div class="seo">${blurb.join('')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://shop.example.com/collections/outerwear');
    expect(result.kind).toBe('collection');
    for (const item of COLLECTION_ITEMS) expect(result.text).toContain(`${item.title}${item.price}`);
    expect(result.text).not.toMatch(/FILTERPANEL|PAGINATION/);
  });

  it("a blog's index whose cards open with their picture and carry prose summaries: a listing, every card's title and summary", () => {
    const cards = LISTING_ITEMS.slice(0, 6).map((item, i) => `<div class="post-card"><a href="/2024/walk-${i}"><img src="/w${i}.jpg" alt=""></a>
      <h2>${item.title}</h2><p>${item.summary} The guide was written after walking the whole route twice in different weather.</p><a href="/2024/walk-${i}">Read more</a></div>`);
    const html = `<!doctype html><html lang="en"><head><title>Walking blog</title></head><body><main><h1>The walking blog</h1>
      <div class="posts">${cards.join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://walks.example.org/blog/');
    expect(result.kind).toBe('listing');
    for (const item of LISTING_ITEMS.slice(0, 6)) {
      expect(result.text).toContain(item.title);
      expect(result.text).toContain(item.summary);
    }
  });

  it("a topic's page whose teasers repeat their link around the summary, hidden from screen readers only: every title with its summary; a hidden icon's label not", () => {
    const cards = LISTING_ITEMS.map((item, i) => `<article class="river"><header><h2><a href="/articles/${i}">${item.title}</a></h2>
      <p><a href="/articles/${i}" aria-hidden="true" tabindex="-1">${item.summary} Written after walking the route twice.</a></p><span aria-hidden="true">ICONLABEL</span></header></article>`);
    const html = `<!doctype html><html lang="en"><head><title>Walks</title></head><body><main><h1>Walks</h1><section class="col-main">${cards.join('\n')}</section></main></body></html>`;
    const result = extractArticle(html, 'https://walks.example.org/topic/walks');
    expect(result.kind).toBe('listing');
    for (const item of LISTING_ITEMS) expect(result.text).toContain(`${item.title}\n${item.summary}`);
    expect(result.text).not.toContain('ICONLABEL');
  });

  it('a listing whose cards are links around their long titles, in a featured row and a grid: every title, not only the ratings', () => {
    const titles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((n) => `Guide ${n}: twelve easy walks along the coastal path for a cold winter weekend`);
    const card = (kind: string) => (title: string, i: number) =>
      `<a class="card ${kind}" href="/guides/${i}"><div class="card-image"><img src="/g${i}.jpg" alt=""></div><div class="card-content"><span class="card-title"><span>${title}</span></span></div><div class="rating">${i + 3} Ratings</div></a>`;
    const html = `<!doctype html><html lang="en"><head><title>Walking guides</title></head><body><main><h1>Walking guides</h1>
      <p>Where to walk this winter: our guides to the coast.</p><section class="featured">${titles.slice(0, 4).map(card('card-featured')).join('\n')}</section>
      <div class="cards">${titles.slice(4).map(card('card-grid')).join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://walks.example.org/guides/winter/');
    expect(result.kind).toBe('listing');
    for (const title of titles) expect(result.text).toContain(title);
  });

  it("a news section's front whose every card is one link, its headline and summary inside: a listing, every headline with its summary", () => {
    const cards = LISTING_ITEMS.map((item, i) => `<div class="promo"><a href="/news/story-${i}"><h2>${item.title}</h2><p>${item.summary} Our reporter walked it in the rain last week.</p></a><span>${i + 1} hrs ago</span></div>`);
    const html = `<!doctype html><html lang="en"><head><title>Coast news</title></head><body><main><h1>Coast</h1>
      <div class="grid">${cards.join('\n')}</div></main></body></html>`;
    const result = extractArticle(html, 'https://news.example.org/news/coast');
    expect(result.kind).toBe('listing');
    for (const item of LISTING_ITEMS) expect(result.text).toContain(`${item.title}\n${item.summary}`);
  });

  it("a topic's page whose teasers are <article>s with their title and summary in a <header>: every title with its summary, not the masthead", () => {
    const teasers = LISTING_ITEMS.map((item, i) => `<article class="river"><header><h2><a href="/2024/walk-${i}">${item.title}</a></h2><p>${item.summary}</p></header><a href="/2024/walk-${i}#comments">3</a></article>`);
    const html = `<!doctype html><html lang="en"><head><title>Walks</title></head><body><header><a href="/">MASTHEAD Home</a></header><main><h1>Walks</h1>
      <section class="river">${teasers.join('\n')}</section></main></body></html>`;
    const result = extractArticle(html, 'https://walks.example.org/topic/coast');
    for (const item of LISTING_ITEMS) expect(result.text).toContain(`${item.title}\n${item.summary}`);
    expect(result.text).not.toContain('MASTHEAD');
  });

  it('a news story that declares itself an article, with a row of priced offers it tells of: an article, every paragraph', () => {
    const story = [1, 2, 3].map((n) => `<p>Paragraph ${n} of the story tells how employers drop their cover for the new drugs while the makers sell them straight to patients, and what it costs a worker.</p>`).join('');
    const offers = ['Starter', 'Monthly', 'Quarterly', 'Yearly', 'Family', 'Student'].map((plan, i) => `<div class="offer"><a href="/plans/${i}">${plan} plan</a> $${i + 3}49 a month, delivered to the door with a pen</div>`).join('');
    const declared = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Cover dropped","datePublished":"2025-12-18"}</script>`;
    const html = `<!doctype html><html lang="en"><head><title>Cover dropped</title>${declared}</head><body><main><h1>Cover dropped</h1>${story}<div class="offers">${offers}</div></main></body></html>`;
    const result = extractArticle(html, 'https://news.example.org/2025/12/18/cover-dropped/');
    expect(result.kind).toBe('article');
    for (const n of [1, 2, 3]) expect(result.text).toContain(`Paragraph ${n} of the story`);
  });

  it('an article of headed sections with links inside their prose stays an article', () => {
    const sections = [1, 2, 3, 4, 5, 6].map((n) => `<section class="part"><h2>Stage ${n} of the coast path</h2><p>Stage ${n} climbs from the harbour to the cliffs, where the <a href="/maps/${n}">map of stage ${n}</a> shows the stiles, the springs and the places to rest out of the wind.</p></section>`);
    const html = `<!doctype html><html lang="en"><head><title>The coast path</title></head><body><main><article><h1>Walking the coast path</h1>${sections.join('\n')}</article></main></body></html>`;
    expect(extractArticle(html, 'https://walks.example.org/2024/coast-path').kind).toBe('article');
  });

  it('a page that declares itself a CollectionPage, its entries without linked headings: read as a listing, every entry with its summary', () => {
    const entries = LISTING_ITEMS.slice(0, 6).map((item, i) => `<div class="entry"><a href="/walks/${i}">${item.title}</a><p>${item.summary}</p></div>`);
    const html = `<!doctype html><html lang="en"><head><title>Walks</title>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":"Walks"}</script></head>
      <body><main><h1>Walks</h1>${entries.join('\n')}</main></body></html>`;
    const result = extractArticle(html, 'https://walks.example.org/reading/');
    expect(result.kind).toBe('listing');
    for (const item of LISTING_ITEMS.slice(0, 6)) expect(result.text).toContain(`${item.title}\n${item.summary}`);
  });

  it("a front page whose words are mostly links, in groups too small to repeat: a listing, every linked title, not the headings alone", () => {
    const sites = ['trail', 'harbour', 'island', 'moor'];
    const groups = sites.map((site, g) => `<div class="network-${site}"><h3>${site}.example.net</h3><ul>${[1, 2, 3, 4].map((n) => `<li><a href="https://${site}.example.net/q/${n}">Question ${g * 4 + n}: which stretch of the ${site} path floods first after a spring tide?</a><br><span>${n} answers</span></li>`).join('')}</ul></div>`);
    const html = `<!doctype html><html lang="en"><head><title>The walkers' blog</title></head><body><main><h1>The walkers' blog</h1>
      <div class="hero"><a href="/2024/spring"><h2>Spring on the coast</h2></a><p>What changed on the path this spring, and what stayed the same.</p></div>
      ${groups.join('\n')}</main></body></html>`;
    const result = extractArticle(html, 'https://blog.example.org/');
    expect(result.kind).toBe('listing');
    for (let n = 1; n <= 16; n++) expect(result.text).toContain(`Question ${n}: which stretch`);
  });

  it('a product whose description and specifications are only in its JSON-LD: its name, description and specifications, without the cart drawer or recommendations', () => {
    const result = extractArticle(productPage(), 'https://shop.example.com/products/harbour-jacket');
    expect(result.kind).toBe('product');
    expect(result.text).toContain('Harbour Jacket');
    expect(result.text).toContain(PRODUCT_DESCRIPTION);
    const specifications = PRODUCT_SPECIFICATIONS.map((spec) => `${spec.name}: ${spec.value}${spec.unitText ? ` ${spec.unitText}` : ''}`);
    expect(specifications[1]).toBe('Weight: 1.2 kg');
    expect(result.text).toContain(specifications.join('\n'));
    expect(result.text).not.toMatch(/CARTDRAWER|RECOMMENDED|Other coat/);
  });

  it("a maker's product page whose named details are a line beside its sections of features in prose: every section, not the line alone", () => {
    const features = ['Sound', 'Fit', 'Battery', 'Case', 'Controls', 'Privacy'].map(
      (name) => `<section><h2>${name}</h2><p>The ${name.toLowerCase()} of the harbour earphones is told here in a sentence a listener wants to hear, written as the maker's own prose about the product.</p><p>A second sentence on the ${name.toLowerCase()} says a little more about how it works on a windy quay.</p><p>And a third on the ${name.toLowerCase()} tells what the engineers changed since the first pair.</p></section>`,
    );
    const declared = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Harbour Earphones","offers":{"@type":"Offer","price":"249","priceCurrency":"USD"}}</script>`;
    const html = `<!doctype html><html lang="en"><head><title>Harbour Earphones</title>${declared}</head><body><nav><a href="/">NAVLINK</a></nav><main>
      <h1>Harbour Earphones</h1><div class="product-details">$249 or $20.75/mo. for 12 mo. Free engraving in any of four colours, delivered to your door within two working days, with returns for a month.</div>${features.join('')}</main><footer>FOOTERTEXT</footer></body></html>`;
    const result = extractArticle(html, 'https://harbour.example.com/products/earphones');
    expect(result.kind).toBe('product');
    for (const name of ['sound', 'fit', 'battery', 'case', 'controls', 'privacy']) expect(result.text).toContain(`The ${name} of the harbour earphones is told here`);
    expect(result.text).not.toMatch(/NAVLINK|FOOTERTEXT/);
  });

  it('a product page read whole: every section, not the row of other products it shows beside them', () => {
    const features = ['Sound', 'Fit', 'Battery', 'Case'].map(
      (name) => `<section><h2>${name}</h2><p>The ${name.toLowerCase()} of the harbour earphones is told here in a sentence a listener wants to hear, written as the maker's own prose about the product.</p><p>A second sentence on the ${name.toLowerCase()} says a little more about how it works on a windy quay.</p></section>`,
    );
    const others = ['Harbour Speaker', 'Quay Headphones', 'Tide Charger', 'Pier Cable', 'Buoy Case'].map((name, i) => `<li class="card"><a href="/products/${i}">OTHERPRODUCT ${name}</a> <span>$${i + 2}9.00</span></li>`);
    const declared = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Harbour Earphones","offers":{"@type":"Offer","price":"249","priceCurrency":"USD"}}</script>`;
    const html = `<!doctype html><html lang="en"><head><title>Harbour Earphones</title>${declared}</head><body><main>
      <h1>Harbour Earphones</h1>${features.join('')}<h2>You may also like</h2><ul class="recs">${others.join('')}</ul></main></body></html>`;
    const result = extractArticle(html, 'https://harbour.example.com/products/earphones');
    expect(result.kind).toBe('product');
    for (const name of ['sound', 'fit', 'battery', 'case']) expect(result.text).toContain(`The ${name} of the harbour earphones is told here`);
    expect(result.text).not.toMatch(/OTHERPRODUCT|You may also like/);
  });

  it('a shop\'s product page whose description is in a block not named for it, beside its named specifications: the description and the specifications', () => {
    const story = [
      'The lantern diffuser pairs a soft flame of light with a fine mist of the oil you pour in, for a terrace or a living room alike.',
      'Its shell of bamboo and acrylic stays cool to the touch, and its reservoir lasts a whole evening on a single filling of water.',
      'A sensor turns it off when the water runs out, so it can be left on through dinner without a second thought from anyone.',
    ];
    const specs = ['Height 21 cm', 'Weight 0.58 kg', 'Reservoir 120 ml', 'Running time 7 hours', 'Power USB-C, 5 V', 'Colours ivory, charcoal, sage', 'Warranty two years'];
    const html = `<!doctype html><html lang="en"><head><title>Lantern Diffuser</title></head><body><main><h1>Lantern Diffuser</h1><div class="price">€59.00</div>
      <div class="tabs-content">${story.map((line) => `<p>${line}</p>`).join('')}</div>
      <div class="product-specifications"><ul>${specs.map((line) => `<li>${line}</li>`).join('')}</ul></div>
      </main></body></html>`;
    const result = extractArticle(html, 'https://shop.example.com/products/lantern-diffuser');
    expect(result.kind).toBe('product');
    for (const line of [...story, ...specs]) expect(result.text).toContain(line);
  });

  it("a product: its description, not the brand's story or another product's features beside it", () => {
    const html = `<!doctype html><html lang="en"><head><title>Harbour Jacket</title></head><body><main><h1>Harbour Jacket</h1><div class="price">£129.00</div>
      <div class="product-description"><p>${PRODUCT_DESCRIPTION}</p></div>
      <div class="about-brand"><p>BRANDSTORY We began in a boathouse in 1962 and have sewn coats for the harbour ever since.</p></div>
      <div class="features-carousel"><p>CAROUSEL The Tidewater Parka: a longer cut and a deeper hood for the winter crossing.</p></div>
      </main></body></html>`;
    const result = extractArticle(html, 'https://shop.example.com/products/harbour-jacket');
    expect(result.kind).toBe('product');
    expect(result.text).toContain(PRODUCT_DESCRIPTION);
    expect(result.text).not.toMatch(/BRANDSTORY|CAROUSEL/);
  });

  it("a product whose details hold the reviews' widget: its description and specifications, not the reviews", () => {
    const reviews = ['Warm on the ferry and dry in the rain, though the sleeves run long.', 'The zip stuck after a month; the shop sent a new one within the week.']
      .map((text, i) => `<div class="review-item"><span>Rated ${5 - i} out of 5</span><p>${text}</p><span>Was this helpful?</span></div>`);
    const html = `<!doctype html><html lang="en"><head><title>Harbour Jacket</title></head><body><main><h1>Harbour Jacket</h1><div class="price">£129.00</div>
      <div class="delivery"><p>Free delivery on orders over £50, and free returns within thirty days of the parcel reaching you, wherever you live in the country.</p></div>
      <div class="product-details"><div class="description"><p>${PRODUCT_DESCRIPTION}</p></div>
      <table class="specs"><tr><th>Weight</th> <td>1.2 kg</td></tr> <tr><th>Shell</th> <td>Waxed cotton</td></tr></table>
      <section id="customer-reviews"><h2>Customer reviews</h2><p>REVIEWSUMMARY 212 reviews, average 4.6 of 5</p>${reviews.join('')}</section></div>
      </main></body></html>`;
    const result = extractArticle(html, 'https://shop.example.com/products/harbour-jacket');
    expect(result.kind).toBe('product');
    expect(result.text).toContain(PRODUCT_DESCRIPTION);
    expect(result.text).toContain('Waxed cotton');
    expect(result.text).not.toMatch(/REVIEWSUMMARY|ferry|zip stuck|helpful/);
  });

  it('a documentation page: its text and code, without the sidebar, the table of contents or "Edit this page"', () => {
    const result = extractArticle(docsPage(), 'https://harbour.example.com/docs/connecting');
    expect(result.text).toContain(DOCS_CODE);
    expect(result.text).toContain('harbour.close()');
    expect(result.text).toContain('The port number 3');
    expect(result.text).not.toMatch(/SIDEBAR|TOCTEXT|Edit this page/);
  });

  it("a documentation page's highlighted code keeps its comments; the readers' comments below it go", () => {
    const code = `<pre><code class="language-js"><span class="hljs-comment">// open the harbour before the boats arrive</span>\nharbour.<span class="hljs-title function_">open</span>();</code></pre>`;
    const html = docsPage()
      .replace('<pre><code>harbour.close()</code></pre>', code)
      .replace('</article>', '</article><div class="comments"><p>COMMENTTEXT Great guide, thanks for writing it up for the rest of us.</p></div>');
    const result = extractArticle(html, 'https://harbour.example.com/docs/connecting');
    expect(result.text).toContain('// open the harbour before the boats arrive\nharbour.open();');
    expect(result.text).toContain(DOCS_CODE);
    expect(result.text).not.toContain('COMMENTTEXT');
  });

  it('a script shell with nothing to read is still refused', () => {
    const shell = '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/app.js"></script></body></html>';
    expect(() => extractArticle(shell, 'https://app.example.com/t/1')).toThrow('Could not extract readable content from the webpage');
  });
});

describe('article bodies in unexpected places', () => {
  const paragraphs = [1, 2, 3, 4, 5].map((n) => `<p>Paragraph ${n} of the story carries enough words to count as readable prose, with commas, clauses and the steady rhythm of an article.</p>`).join('');

  it('an article after a menu of custom elements named like <svg-icon> is read, the menu not', () => {
    const menu = `<nav><div><menu-item><svg-icon name="chevron"></svg-icon><a href="/a">NAVLINK one</a></menu-item><style-swatch>NAVLINK two</style-swatch></div></nav>`;
    const html = `<!doctype html><html lang="en"><head><title>Story</title></head><body><section>${menu}</section><main><h1>The Story</h1>${paragraphs}</main><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></body></html>`;
    const result = extractArticle(html, 'https://example.com/story');
    for (const n of [1, 2, 3, 4, 5]) expect(result.text).toContain(`Paragraph ${n} of the story`);
    expect(result.text).not.toContain('NAVLINK');
  });

  it('an article whose whole body sits inside a <header> is read', () => {
    const html = `<!doctype html><html lang="en"><head><title>The Story</title></head><body><header class="site"><nav><a href="/">Home</a></nav></header>
      <main><header class="rich-text"><h1>The Story</h1>${paragraphs}</header></main></body></html>`;
    const result = extractArticle(html, 'https://news.example.org/story');
    for (const n of [1, 2, 3, 4, 5]) expect(result.text).toContain(`Paragraph ${n} of the story`);
    expect(result.text).not.toContain('Home');
  });

  it('a script-built page whose body waits in a hidden placeholder is read from it', () => {
    const html = `<!doctype html><html lang="en"><head><title>The Story</title></head><body><div id="root"></div><div hidden><h1>The Story</h1>${paragraphs}</div></body></html>`;
    const result = extractArticle(html, 'https://news.example.org/story');
    for (const n of [1, 2, 3, 4, 5]) expect(result.text).toContain(`Paragraph ${n} of the story`);
  });

  it('a page its inline style keeps hidden until its scripts run is read as it then shows; a hidden dialog beside a visible article is not', () => {
    const veiled = `<!doctype html><html lang="en"><head><title>The Story</title></head><body>
      <div style="visibility:hidden;min-height:100vh"><div style="display:block"><h1>The Story</h1>${paragraphs}</div></div></body></html>`;
    const result = extractArticle(veiled, 'https://learn.example.org/topics/the-story/');
    for (const n of [1, 2, 3, 4, 5]) expect(result.text).toContain(`Paragraph ${n} of the story`);

    const dialog = `<div class="subscribe-dialog" style="display: none"><p>${'DIALOG asks for an address to send the weekly letter to, and promises no spam at all. '.repeat(12)}</p></div>`;
    const shown = extractArticle(`<!doctype html><html lang="en"><head><title>The Story</title></head><body><article><h1>The Story</h1>${paragraphs}</article>${dialog}</body></html>`, 'https://news.example.org/story');
    expect(shown.text).toContain('Paragraph 5 of the story');
    expect(shown.text).not.toContain('DIALOG');
  });

  it("a page builder's layout codes are not read", () => {
    const html = `<!doctype html><html lang="en"><head><title>The Story</title></head><body><article><h1>The Story</h1>
      [vc_row][vc_column width="1/2"]${paragraphs}[/vc_column][/vc_row]</article></body></html>`;
    const result = extractArticle(html, 'https://news.example.org/story');
    expect(result.text).toContain('Paragraph 5 of the story');
    expect(result.text).not.toMatch(/vc_|\[|\]/);
  });
});
