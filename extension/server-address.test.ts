import { describe, expect, it } from 'vitest';
import { normalizeServerUrl, permissionPatternFor, resolveServerPath } from './server-address.ts';

describe('the server address setting', () => {
  it.each([
    ['http://localhost:8787', 'http://localhost:8787'],
    ['http://localhost:8787/', 'http://localhost:8787'],
    ['  http://127.0.0.1:8807/profile  ', 'http://127.0.0.1:8807'],
    ['localhost:8787', 'http://localhost:8787'],
    ['127.0.0.1:9000', 'http://127.0.0.1:9000'],
    ['pagecast.example.com', 'https://pagecast.example.com'],
    ['HTTPS://Pagecast.Example.com:443/', 'https://pagecast.example.com'],
    ['http://intranet.lan:8080', 'http://intranet.lan:8080'],
    ['', null],
    ['ftp://example.com', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    ['http://not a url', null],
    ['notaurl', null],
    ['http://pagecast:8787', 'http://pagecast:8787'],
    ['203.0.113.5:8080', 'https://203.0.113.5:8080'],
  ])('%j → %j', (input, origin) => {
    expect(normalizeServerUrl(input)).toBe(origin);
  });

  it.each([
    ['http://localhost:8787', null],
    ['http://127.0.0.1:8807', null],
    ['https://localhost:8443', 'https://localhost/*'],
    ['https://pagecast.example.com', 'https://pagecast.example.com/*'],
    ['http://intranet.lan:8080', 'http://intranet.lan/*'],
  ])('reaching %j needs the host permission %j', (origin, pattern) => {
    expect(permissionPatternFor(origin)).toBe(pattern);
  });

  it('resolves the paths the server answers with against the server', () => {
    expect(resolveServerPath('http://127.0.0.1:8807', '/api/podcasts/1/audio?t=x')).toBe(
      'http://127.0.0.1:8807/api/podcasts/1/audio?t=x',
    );
    expect(resolveServerPath('http://127.0.0.1:8807', 'https://cdn.example.com/a.mp3')).toBe('https://cdn.example.com/a.mp3');
  });
});
