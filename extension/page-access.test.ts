import { describe, expect, it } from 'vitest';
import { isAccessRefusal, isReadableUrl } from './page-access.ts';

describe('pages an extension may read', () => {
  it.each([
    ['https://example.com/article', true],
    ['http://127.0.0.1:8907/articles/tide-pools', true],
    ['file:///home/me/saved.html', true],
    ['chrome://settings', false],
    ['chrome-extension://abc/popup.html', false],
    ['edge://newtab', false],
    ['about:blank', false],
    ['view-source:https://example.com', false],
    ['https://chromewebstore.google.com/detail/x', false],
    ['https://chrome.google.com/webstore/category/extensions', false],
    ['https://addons.mozilla.org/en-US/firefox/', false],
    ['https://microsoftedge.microsoft.com/addons/detail/x', false],
    [undefined, false],
    ['', false],
  ])('%j → %s', (url, readable) => {
    expect(isReadableUrl(url)).toBe(readable);
  });

  it.each([
    ['Cannot access a chrome:// URL', true],
    ['The extensions gallery cannot be scripted.', true],
    ['Cannot access contents of the page. Extension manifest must request permission to access the respective host.', true],
    ['Missing host permission for the tab', true],
    ['No tab with id: 12.', false],
    ['Frame with ID 0 was removed.', false],
  ])('%j is a refusal: %s', (message, refusal) => {
    expect(isAccessRefusal(message)).toBe(refusal);
  });
});
