/**
 * What a page must be to make a podcast of, one rule for the server's fetch (the web app's addresses)
 * and the extension's tab: a successful answer (2xx), of a type that is a web page (HTML, XHTML or
 * plain text; a PDF is read as a PDF), with something in it. Each refusal carries the error code and
 * the message every client shows, so a JSON file, an error page or an image is refused alike.
 */
import { CONTENT_MESSAGES, errorTabMessage, fetchNotOkMessage, notAWebPageMessage, notAWebPageTabMessage } from './errors.ts';

/** The content types a page may have (anything else is not a web page Pagecast reads). */
export const PAGE_CONTENT_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'] as const;
export type PageContentType = (typeof PAGE_CONTENT_TYPES)[number];

/** The types a PDF is served as. */
export const PDF_CONTENT_TYPES: readonly string[] = ['application/pdf', 'application/x-pdf'];

export function isPageContentType(type: string): type is PageContentType {
  return (PAGE_CONTENT_TYPES as readonly string[]).includes(type);
}

/** The media type of a Content-Type header, lower case without parameters ('' when absent). */
export function mediaType(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export interface PageRefusal {
  code: 'FETCH_FAILED' | 'NO_CONTENT';
  message: string;
}

/** The standard reason phrases of the statuses a page commonly answers with. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  410: 'Gone',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A status's reason phrase: the standard one, else the one the server gave when printable, else the number. */
export function reasonPhrase(status: number, given?: string): string {
  const printable = (given ?? '').replace(/[^\x20-\x7e]/g, '').trim().slice(0, 100);
  return REASON_PHRASES[status] || printable || String(status);
}

/**
 * Where a page is judged: an address the reader pasted (the server fetches it), or the tab the
 * extension reads (nothing was pasted nor fetched: the reader is told what the tab shows).
 */
export type PageSource = 'address' | 'tab';

/** A page answered with `status` (and the server's reason phrase): refused unless 2xx ('Failed to fetch content: Not Found'). */
export function statusRefusal(status: number, given?: string, where: PageSource = 'address'): PageRefusal | null {
  if (status >= 200 && status <= 299) return null;
  const phrase = reasonPhrase(status, given);
  return { code: 'FETCH_FAILED', message: where === 'tab' ? errorTabMessage(`${status} ${phrase}`) : fetchNotOkMessage(phrase) };
}

/** What a media type is, as a listener would name it: 'an image', 'a video', 'an audio file', else 'a file of type …'. */
export function kindOfType(type: string): string {
  if (type.startsWith('image/')) return 'an image';
  if (type.startsWith('video/')) return 'a video';
  if (type.startsWith('audio/')) return 'an audio file';
  return `a file of type ${type}`;
}

/** A document of this media type: refused unless it is a web page or a PDF (an unknown type, '', is judged by its content). */
export function typeRefusal(type: string, where: PageSource = 'address'): PageRefusal | null {
  if (!type || isPageContentType(type) || PDF_CONTENT_TYPES.includes(type)) return null;
  return { code: 'FETCH_FAILED', message: where === 'tab' ? notAWebPageTabMessage(kindOfType(type)) : notAWebPageMessage(kindOfType(type)) };
}

/** A page whose text is empty or blank: nothing to read. */
export function emptyRefusal(text: string): PageRefusal | null {
  return text.trim() ? null : { code: 'NO_CONTENT', message: CONTENT_MESSAGES.noContent };
}

/**
 * The rule for a page as a browser shows it: its status (when known), its type, then its body's text
 * when given (a document with markup but no text is the extraction's to refuse, as on the server).
 */
export function pageRefusal(page: { status?: number | null; contentType: string; text?: string }, where: PageSource = 'address'): PageRefusal | null {
  return (
    (page.status ? statusRefusal(page.status, undefined, where) : null) ??
    typeRefusal(mediaType(page.contentType), where) ??
    (page.text === undefined ? null : emptyRefusal(page.text))
  );
}
