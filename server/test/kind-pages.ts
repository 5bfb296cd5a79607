/**
 * Pages of each kind extraction knows (shared/extract/page-kind.ts), written for the tests: a forum
 * thread whose posts are in <noscript> with their posters' details, a service page of five sections,
 * a listing with its sort bar and pagination, a product whose description and specifications are only
 * in its JSON-LD, a documentation page with its sidebar, table of contents and "Edit this page", and a
 * company page of plain blocks that reads like an article.
 */

const sentence = (topic: string, n: number) =>
  `The ${topic} number ${n} is described here in a full sentence, with enough ordinary words to be read aloud as prose by anyone.`;

export const FORUM_POSTS = [
  { author: 'crumbshot', text: 'I am new to paddling and want a stable kayak for the lake near my house. Which one would you buy first?' },
  { author: 'riverwren', text: 'Get a wide sit-on-top kayak. It is hard to tip over and you can climb back on from the water without help.' },
  { author: 'oxbowlake', text: 'Rent a few boats before you buy one. Every shop near a lake lets you try them for an afternoon at a small price.' },
  { author: 'crumbshot', text: 'Thanks, renting first sounds wise. Is a ten foot boat long enough for a grown adult on calm water?' },
  { author: 'tidepool', text: 'Ten feet is fine on calm water. Longer boats track straighter, but they are heavier to carry to the car.' },
];

/** A thread rendered with scripts, served in <noscript> too, each post with its poster's details, a signature and buttons. */
export function forumPage(): string {
  const posts = FORUM_POSTS.map(
    (post, i) => `<div class="topic-post" id="post_${i + 1}">
      <div class="post-author"><span class="username">${post.author}</span>
        ${i % 2 === 0 ? `<div class="user-stats">Joined: Mar 2024 · ${200 + i} posts</div>` : `<div>Joined: Mar 2024 · ${200 + i} posts</div>`}</div>
      <div class="post-body"><p>${post.text}</p></div>
      <div class="signature">Paddle on, friends of the river ${i}</div>
      <div class="post-controls"><button>Like</button><a href="#reply">Reply</a></div>
    </div>`,
  );
  return `<!doctype html><html lang="en"><head><title>Which kayak for a beginner?</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Which kayak for a beginner?"}</script></head>
<body><div id="app"></div><noscript><div class="thread"><h1>Which kayak for a beginner?</h1>${posts.join('\n')}</div>
<p>Powered by a forum program that needs scripts for its full view, and this is the plain view.</p></noscript></body></html>`;
}

export const SERVICE_SECTIONS = ['Hero', 'Features', 'Testimonials', 'Pricing', 'Questions'];

/** A company's page: five sibling sections under navigation, a cookie banner and a footer. */
export function servicePage(): string {
  const sections = SERVICE_SECTIONS.map(
    (name, i) => `<section class="block-${i}"><h2>${name} of the harbour service</h2><p>${sentence(name.toLowerCase(), i)}</p>
      <ul><li>Point one of ${name}</li><li>Point two of ${name}</li></ul></section>`,
  );
  return `<!doctype html><html lang="en"><head><title>Harbour Cloud</title></head><body>
<nav><a href="/">Home</a><a href="/pricing">Pricing</a><a href="/login">NAVLINK sign in</a></nav>
<div class="cookie-banner"><p>COOKIETEXT We use cookies to improve the site; accept them or choose which ones.</p></div>
<main>${sections.join('\n')}</main><footer>FOOTERTEXT Copyright Harbour Cloud</footer></body></html>`;
}

export const LISTING_ITEMS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ title: `Guide ${n} to the coastal path`, summary: `Summary ${n}: where to walk, where to rest, and what to see on the way.` }));

/** An index of guides with a sort bar, a filter panel and pagination. */
export function listingPage(): string {
  const cards = LISTING_ITEMS.map((item) => `<div class="card"><h3><a href="/guides/${item.title.length}">${item.title}</a></h3><p>${item.summary}</p></div>`);
  return `<!doctype html><html lang="en"><head><title>Walking guides</title></head><body><main><h1>Walking guides</h1>
<div class="sort-bar">SORTBAR Sort by: Newest · 8 items · View as grid</div>
<div class="filters"><h4>FILTERPANEL Region</h4><label><input type="checkbox"> North</label></div>
<div class="cards">${cards.join('\n')}</div>
<div class="pagination"><a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=2">PAGINATION Next</a></div></main></body></html>`;
}

export const PRODUCT_DESCRIPTION =
  'A waxed cotton jacket cut for wet coastal walks, with taped seams, a storm hood that folds into the collar, and two deep pockets lined with fleece for cold hands.';

export const PRODUCT_SPECIFICATIONS = [
  { name: 'Outer fabric', value: 'waxed organic cotton' },
  { name: 'Weight', value: 1.2, unitText: 'kg' },
  { name: 'Hood', value: 'folds into the collar' },
];

/** A product whose description and specifications are only in its JSON-LD, beside a cart drawer and recommendations. */
export function productPage(): string {
  const additionalProperty = PRODUCT_SPECIFICATIONS.map((spec) => ({ '@type': 'PropertyValue', ...spec }));
  const jsonLd = { '@context': 'https://schema.org', '@type': 'Product', name: 'Harbour Jacket', description: PRODUCT_DESCRIPTION, additionalProperty, offers: { '@type': 'Offer', price: '129.00', priceCurrency: 'GBP' } };
  return `<!doctype html><html lang="en"><head><title>Harbour Jacket</title><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><main><h1>Harbour Jacket</h1><div class="price">£129.00</div><button>Add to cart</button>
<div class="cart-drawer"><p>CARTDRAWER Your cart is empty. Size Colour Quantity.</p></div>
<div class="recommendations"><h2>RECOMMENDED You may also like</h2>${[1, 2, 3].map((n) => `<div><a href="/p/${n}">Other coat ${n}</a> £${n}9.00</div>`).join('')}</div>
</main></body></html>`;
}

export const DOCS_CODE = 'harbour.connect({ port: 8080 })';

/** A page of documentation: a sidebar tree beside the text and code, a table of contents, "Edit this page". */
export function docsPage(): string {
  const tree = [1, 2, 3, 4, 5, 6].map((n) => `<li><a href="/docs/page-${n}">SIDEBAR topic ${n}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><title>Connecting</title></head><body>
<div class="layout"><nav class="docs-sidebar"><ul>${tree}</ul></nav>
<main><article><h1>Connecting to the harbour</h1><p>${sentence('connection', 1)}</p><pre><code>${DOCS_CODE}</code></pre>
<p>${sentence('option', 2)}</p><h2>Options</h2><p>${sentence('port', 3)}</p><pre><code>harbour.close()</code></pre>
<p><a href="https://example.org/edit/connecting.md">Edit this page</a></p></article>
<aside class="toc"><p>TOCTEXT On this page</p><ul><li><a href="#options">Options</a></li></ul></aside></main></div></body></html>`;
}

/**
 * A company's page laid out in plain <div>s at an address that names nothing: five sibling blocks of
 * prose, each with its heading, the middle one longest (the block Readability keeps), between a
 * navigation bar, a consent notice and a footer.
 */
export function sectionedCompanyPage(): string {
  const blocks = SERVICE_SECTIONS.map((name, i) => {
    const paragraphs = (i === 2 ? [1, 2, 3, 4, 5, 6] : [1, 2]).map((n) => `<p>${sentence(`${name.toLowerCase()} point`, n)}</p>`).join('');
    return `<div class="band band-${name.toLowerCase()}"><div class="inner"><div class="grid"><div class="cell"><h2>${name} of the harbour service</h2></div>
      <div class="cell"><div class="text">${paragraphs}</div></div></div></div></div>`;
  });
  return `<!doctype html><html lang="en"><head><title>Harbour movers in the bay</title></head><body>
<div class="top"><nav><a href="/">Home</a><a href="/quote">NAVLINK Get a quote</a></nav></div>
<div id="consent-notice"><p>COOKIETEXT We use cookies to improve the site; accept them or choose which ones.</p></div>
<div class="page">${blocks.join('\n')}</div>
<footer><p>FOOTERTEXT Copyright Harbour Movers</p></footer></body></html>`;
}

export const COLLECTION_ITEMS = ['Harbour Rain Jacket in Navy Blue', 'Coastal Fleece Pullover for Cold Mornings', 'Tidewater Wool Socks Three Pack', 'Breakwater Canvas Tote with Zip', 'Lighthouse Knit Beanie in Grey', 'Saltmarsh Waterproof Trail Boots'].map(
  (title, i) => ({ title, price: `$${(i + 2) * 15}.00` }),
);

/** A shop's category: a sort bar, a filter panel, six product cards whose titles are links, pagination. */
export function collectionPage(): string {
  const cards = COLLECTION_ITEMS.map(
    (item, i) => `<div class="product-card"><a class="product-card__title" href="/products/${i}">${item.title}</a><span class="product-card__price">${item.price}</span></div>`,
  );
  return `<!doctype html><html lang="en"><head><title>Outerwear</title></head><body><main><h1>Outerwear</h1>
<div class="toolbar-sort">SORTBAR View as Grid List 6 Items Sort By Featured</div>
<div class="facets"><h4>FILTERPANEL Size</h4><label><input type="checkbox"> Small</label><label><input type="checkbox"> Large</label></div>
<div class="product-grid">${cards.join('\n')}</div>
<div class="pagination"><a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=2">PAGINATION Next</a></div></main></body></html>`;
}
