import { describe, expect, it } from 'vitest';
import { isWebsiteUrl, validateCredentialsFields, validateUrlForm, validateWebsiteUrl } from './validation.ts';

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
    ['example.com', 'Please enter a valid URL'],
    ['not a url', 'Please enter a valid URL'],
    ['/relative/path', 'Please enter a valid URL'],
    ['https://example.com/article', null],
    ['ftp://example.com/file', null],
  ])('%j → %j', (value, message) => {
    expect(validateUrlForm(value)).toBe(message);
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
