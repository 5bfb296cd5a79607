/**
 * The web app's page for a share link, as the server sends it: index.html with the podcast's Open
 * Graph and Twitter card tags in its head (escaped), so a pasted link previews without JavaScript.
 */
import { escapeMarkup as escapeHtml } from '../lib/document-text.ts';
import type { SharePreview } from '../use-cases/open-share-page.ts';
import { PODCAST_ARTWORK_PATH, PODCAST_ARTWORK_PX } from '../machinery/feed/artwork.ts';

const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** index.html with the preview's tags and title; unchanged but for a no-index tag when there is none. */
export function sharePageHtml(indexHtml: string, preview: SharePreview | null, pageUrl: string, publicUrl: string): string {
  if (!preview) return indexHtml.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
  const image = `${publicUrl}${PODCAST_ARTWORK_PATH}`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Pagecast'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(PODCAST_ARTWORK_PX)),
    meta('property', 'og:image:height', String(PODCAST_ARTWORK_PX)),
    meta('property', 'og:image:alt', 'Pagecast'),
    ...(preview.audioPath
      ? [meta('property', 'og:audio', `${publicUrl}${preview.audioPath}`), meta('property', 'og:audio:type', 'audio/mpeg')]
      : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', image),
  ];
  return indexHtml
    // Replaced by functions: a title's "$&" stays text.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${preview.title} · Pagecast`)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => meta('name', 'description', preview.description))
    .replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}
