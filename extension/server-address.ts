/**
 * The server address setting: what a reader may type, and which host permission reaching it needs.
 * The manifest grants localhost and 127.0.0.1 on every port; any other origin is asked for at runtime
 * (optional host permissions), when the reader saves it.
 */

export const DEFAULT_SERVER_URL = 'http://localhost:8787';

export const INVALID_SERVER_MESSAGE = 'Please enter a valid server address starting with http:// or https://';

/** Hosts the manifest grants up front, on any port. */
const GRANTED_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * The origin of what was typed ('pagecast.example.com/' → 'https://pagecast.example.com'), or null
 * when it is not an http(s) address. A missing scheme means https, except for local hosts.
 */
export function normalizeServerUrl(input: string): string | null {
  let text = input.trim();
  // An address has no spaces; typed without a scheme, its host is local, an IP address or a dotted name.
  if (!text || /\s/.test(text)) return null;
  const schemeless = !/^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (schemeless && !/^(localhost|\[[0-9a-f:.]+\]|[^/:?#]+\.[^/:?#]+)(:\d+)?([/?#]|$)/i.test(text)) return null;
  if (schemeless) {
    const local = /^(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/i.test(text);
    text = `${local ? 'http' : 'https'}://${text}`;
  }
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.origin;
}

/** The match pattern of an origin's host permission, or null when the manifest already grants it. */
export function permissionPatternFor(origin: string): string | null {
  const url = new URL(origin);
  if (url.protocol === 'http:' && GRANTED_HOSTS.has(url.hostname)) return null;
  return `${url.protocol}//${url.hostname}/*`;
}

/** An address the server answers with (audio, pages), made absolute against the server. */
export function resolveServerPath(serverUrl: string, path: string): string {
  return new URL(path, `${serverUrl}/`).href;
}
