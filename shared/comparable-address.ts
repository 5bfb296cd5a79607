/**
 * An article's address as two links to it compare: the same page whatever tracking a feed or a share
 * added (utm_*, fbclid, gclid and their kin), its fragment, a `www.` or a trailing slash. A follow
 * uses it to skip an article the member already has; an episode's sources, to read a page given twice
 * once; the web app's card, to point at the second copy before anything is sent.
 */
import normalizeUrl from 'normalize-url';

/** Query parameters that say where a click came from, never which page it is. */
const TRACKING = [/^utm_\w+/i, /^(fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|mkt_tok|oly_anon_id|oly_enc_id|vero_id|__s)$/i];

/** The address to compare, or null when it is not a web address. */
export function comparableAddress(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return normalizeUrl(url, { removeQueryParameters: TRACKING, stripHash: true, stripProtocol: true, sortQueryParameters: true });
  } catch {
    return null;
  }
}
