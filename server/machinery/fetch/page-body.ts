/**
 * From response bytes to the page's HTML: the content types the fetcher takes, the character
 * encoding (byte order mark, then the Content-Type charset, then a <meta> charset, then UTF-8), and
 * plain text wrapped as an HTML document so extraction treats every page alike.
 */

// The page types are the shared page rule's.
export { isPageContentType, mediaType, PAGE_CONTENT_TYPES, type PageContentType } from '../../../shared/page-rules.ts';
import type { PageContentType } from '../../../shared/page-rules.ts';

/** A body served without a Content-Type is taken as HTML only when it starts like HTML. */
export function looksLikeHtml(body: Buffer): boolean {
  const head = body.subarray(0, 512).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  return /^<(!doctype\s+html|html|head|body|!--|\?xml)/i.test(head);
}

function charsetFromHeader(header: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(header ?? '')?.[1];
}

function charsetFromMeta(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1');
  const label = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  // A <meta> that ASCII can read cannot be UTF-16 (the HTML standard reads it as UTF-8).
  return label && /^utf-?16/i.test(label) ? 'utf-8' : label;
}

function charsetFromBom(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** Windows-1252's characters for bytes 0x80-0x9f (the rest of it is Latin-1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161,
  0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Node 20's TextDecoder decodes windows-1252 (also the label of latin1, iso-8859-1 and ascii) as
 * ISO-8859-1, losing curly quotes, dashes and the euro sign; those bytes are mapped here.
 */
function decodeWindows1252(body: Buffer): string {
  return body
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]!));
}

function decode(body: Buffer, label: string | undefined): string {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(body) : decoder.decode(body);
}

/** The body as text in its declared or sniffed encoding; unknown labels fall back to UTF-8. */
export function decodeBody(body: Buffer, contentTypeHeader: string | undefined, type: PageContentType): string {
  const label =
    charsetFromBom(body) ??
    charsetFromHeader(contentTypeHeader) ??
    (type === 'text/plain' ? undefined : charsetFromMeta(body));
  // A NUL is no part of any text a reader sees (HTML parsers drop it too), and PostgreSQL's text
  // cannot store it: a page that holds one converts without it.
  return decode(body, label).replaceAll('\u0000', '');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Plain text as an HTML document: a paragraph per blank-line-separated block, <br> per line. */
export function plainTextToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/[&<>"]/g, (c) => ESCAPES[c]!).replace(/\n/g, '<br>\n')}</p>`);
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title></title></head><body><article>\n${paragraphs.join('\n')}\n</article></body></html>\n`;
}
