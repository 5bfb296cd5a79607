/**
 * The web app's pages: the paths its router shows and each page's document title. The server answers
 * 404 for any other path (the app still shows its "Page Not Found"), and the app names each tab.
 */
export const SITE_TITLE = 'Pagecast: turn any website into a podcast';

const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/': SITE_TITLE,
  '/profile': 'Your podcasts · Pagecast',
  '/subscription/register': 'Upgrade to Premium · Pagecast',
  '/subscription/success': 'Premium subscription · Pagecast',
  '/subscription/canceled': 'Subscription not completed · Pagecast',
};

const SHARED_PAGE = /^\/shared\/[A-Za-z0-9_-]+\/?$/;
export const SHARED_PAGE_TITLE = 'Shared podcast · Pagecast';
export const NOT_FOUND_TITLE = 'Page not found · Pagecast';

/** The path without one trailing slash after a name ("/profile/" is "/profile"). */
const bare = (path: string) => path.replace(/([^/])\/$/, '$1');

/** Whether the web app has a page at `path` (a trailing slash aside). */
export function isWebPage(path: string): boolean {
  return Object.hasOwn(PAGE_TITLES, bare(path)) || SHARED_PAGE.test(path);
}

/** The document title of the page at `path`: its own, a shared podcast's until its title is known, or not found. */
export function pageTitleFor(path: string): string {
  return (Object.hasOwn(PAGE_TITLES, bare(path)) ? PAGE_TITLES[bare(path)] : undefined) ?? (SHARED_PAGE.test(path) ? SHARED_PAGE_TITLE : NOT_FOUND_TITLE);
}

/** A shared podcast's page, once its title is known. */
export function sharedPodcastTitle(title: string): string {
  return `${title} · Pagecast`;
}
