import { describe, expect, it } from 'vitest';
import { isWebPage, pageTitleFor } from './pages.ts';

describe('the web app’s pages', () => {
  it.each([
    ['/', 'Pagecast: turn any website into a podcast'],
    ['/profile', 'Your podcasts · Pagecast'],
    ['/profile/', 'Your podcasts · Pagecast'],
    ['/subscription/register', 'Upgrade to Premium · Pagecast'],
    ['/subscription/success', 'Premium subscription · Pagecast'],
    ['/subscription/canceled', 'Subscription not completed · Pagecast'],
    ['/shared/AbC_12-x', 'Shared podcast · Pagecast'],
    ['/nope', 'Page not found · Pagecast'],
    ['/shared', 'Page not found · Pagecast'],
  ])('%s is named %j', (path, title) => {
    expect(pageTitleFor(path)).toBe(title);
  });

  it('has a page at each path its router shows, and none elsewhere', () => {
    for (const path of ['/', '/profile', '/subscription/register', '/subscription/success', '/subscription/canceled', '/shared/tok_1']) {
      expect(isWebPage(path)).toBe(true);
    }
    for (const path of ['/profiles', '/subscription', '/shared/', '/shared/a/b', '/index.html/x', '//']) expect(isWebPage(path)).toBe(false);
  });
});
