import { describe, expect, it } from 'vitest';
import { isPageAddress, isWebsiteUrl, validateCredentialsFields, validateUrlForm, validateWebsiteUrl, webAddress, withScheme } from './validation.ts';

describe('sign-in fields', () => {
  it.each([
    ['', '', 'Please fill in all fields'],
    ['a@b.co', '', 'Please fill in all fields'],
    ['', 'secret1', 'Please fill in all fields'],
    ['   ', 'secret1', 'Please fill in all fields'],
    ['a@b.co', 'secret1', null],
  ])('email %j and password %j → %j', (email, password, message) => {
    expect(validateCredentialsFields(email, password)).toBe(message);
  });
});

describe('the home URL form', () => {
  it.each([
    ['', 'Please enter a URL'],
    ['   ', 'Please enter a URL'],
    ['example.com', null],
    ['example.com/article', null],
    ['not a url', 'Please enter a valid URL'],
    ['/relative/path', 'Please enter a valid URL'],
    ['https://example.com/article', null],
    ['ftp://example.com/file', null],
  ])('%j → %j', (value, message) => {
    expect(validateUrlForm(value)).toBe(message);
  });
});

describe('an address typed without its scheme', () => {
  it.each([
    ['example.com/article', 'https://example.com/article'],
    ['  www.bbc.co.uk/news/world?x=1  ', 'https://www.bbc.co.uk/news/world?x=1'],
    ['münchen.de', 'https://münchen.de'],
    ['localhost:8080/page', 'https://localhost:8080/page'],
    ['blog.example.org:8443', 'https://blog.example.org:8443'],
    ['203.0.113.5:8080/path', 'http://203.0.113.5:8080/path'],
    ['203.0.113.5', 'http://203.0.113.5'],
    ['[2001:db8::1]:8080/a', 'http://[2001:db8::1]:8080/a'],
    ['999.1.1.1:80/a', '999.1.1.1:80/a'],
    ['http://example.com/a', 'http://example.com/a'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['not a url', 'not a url'],
    ['/relative/path', '/relative/path'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['notahost', 'notahost'],
  ])('%j → %j', (typed, address) => {
    expect(withScheme(typed)).toBe(address);
  });
});

describe('the podcast URL rule', () => {
  const message = 'Please enter a valid website URL starting with http:// or https://';
  it.each([
    ['https://example.com/a', true],
    ['http://example.com', true],
    ['HTTPS://EXAMPLE.COM/', true],
    ['ftp://example.com/file', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['example.com', false],
    ['https://', false],
    ['', false],
  ])('%j is a website URL: %s', (value, ok) => {
    expect(isWebsiteUrl(value)).toBe(ok);
    expect(validateWebsiteUrl(value)).toBe(ok ? null : message);
  });
});

describe('the address a podcast links to', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    [' HTTPS://Example.COM/a b?q="x" ', 'https://example.com/a%20b?q=%22x%22'],
    ['http://127.0.0.1:8080/x', 'http://127.0.0.1:8080/x'],
    ['javascript:alert(1)', null],
    ['JavaScript://example.com/%0aalert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox(1)', null],
    ['file:///home/ann/notes.html', null],
    ['https://', null],
    ['', null],
    [null, null],
  ])('%j links to %j', (value, address) => {
    expect(webAddress(value)).toBe(address);
  });
});

describe('the address of a page the extension read', () => {
  it.each([
    ['https://example.com/a', true],
    ['http://example.com', true],
    ['file:///home/ann/notes.html', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,hi', false],
    ['blob:https://example.com/1234', false],
    ['chrome-extension://abc/page.html', false],
    ['not a url', false],
  ])('%j: %s', (value, ok) => {
    expect(isPageAddress(value)).toBe(ok);
  });
});
