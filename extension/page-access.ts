/**
 * Which pages an extension may read. Browsers keep extensions out of their own pages and out of the
 * extension stores; saying so up front beats a cryptic scripting error.
 */

export const UNREADABLE_PAGE_MESSAGE = "Pagecast can't read this page";
export const UNREADABLE_PAGE_HINT =
  'Browsers keep extensions out of their own pages and the extension stores. Open an article and try again.';

/** Extension galleries, where every browser refuses content scripts. */
const STORE_PAGES = [
  /^https:\/\/chromewebstore\.google\.com\//,
  /^https:\/\/chrome\.google\.com\/webstore/,
  /^https:\/\/microsoftedge\.microsoft\.com\/addons/,
  /^https:\/\/addons\.mozilla\.org\//,
  /^https:\/\/addons\.opera\.com\//,
];

/** True when the browser lets an extension script a page at this address. */
export function isReadableUrl(url: string | undefined): boolean {
  if (!url || !URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:' && protocol !== 'file:') return false;
  return !STORE_PAGES.some((pattern) => pattern.test(url));
}

/** True when a scripting error means the browser refused to let us in (as opposed to a crash). */
export function isAccessRefusal(message: string): boolean {
  return /cannot access|cannot be scripted|missing host permission|must request permission|extensions gallery|not allowed|permission/i.test(
    message,
  );
}
