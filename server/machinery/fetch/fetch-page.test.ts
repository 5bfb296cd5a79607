import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, fetchNotOkMessage, notAWebPageMessage, PDF_MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, MAX_REDIRECTS, type FetchedPage, type FetchPageOptions } from './fetch-page.ts';
import { BlockedAddressError, type HostResolver } from './resolve-target.ts';
import { startListener, type TestListener } from '../../test/listener.ts';

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PAGE = '<!doctype html><html><head><title>Hello</title></head><body><p>Hello from the page.</p></body></html>';

/** The site the tests fetch from (allowed through allowHosts). */
function site(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const q = (name: string) => url.searchParams.get(name) ?? '';
  const send = (status: number, headers: http.OutgoingHttpHeaders, body?: string | Buffer) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const path = url.pathname;
  if (path === '/page') return send(200, { 'content-type': 'text/html; charset=utf-8' }, PAGE);
  if (path === '/redirect') return send(Number(q('status') || 302), { location: q('to') });
  if (path.startsWith('/chain/')) {
    const n = Number(path.slice('/chain/'.length));
    return n === 0 ? send(200, { 'content-type': 'text/html' }, PAGE) : send(301, { location: `/chain/${n - 1}` });
  }
  if (path === '/no-location') return send(303, {});
  if (path === '/not-found') return send(404, { 'content-type': 'text/html' }, '<h1>nothing</h1>');
  if (path === '/melted') {
    res.statusMessage = 'Database Melted';
    return send(500, { 'content-type': 'text/html' }, 'internal details');
  }
  if (path === '/empty') return send(200, { 'content-type': 'text/html' });
  if (path === '/blank') return send(200, { 'content-type': 'text/html' }, ' \n\t \n');
  if (path === '/no-content') return send(204, {});
  if (path === '/typed') return send(200, { 'content-type': q('type') }, PAGE);
  if (path === '/untyped-html') return send(200, {}, PAGE);
  if (path === '/untyped-octets') return send(200, {}, Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff]));
  if (path === '/pdf') return send(200, q('type') ? { 'content-type': q('type') } : {}, PDF_BYTES);
  if (path === '/not-a-pdf') return send(200, { 'content-type': 'application/pdf' }, Buffer.from([0x00, 0x01, 0x02, 0x03]));
  if (path === '/png-as-html') return send(200, { 'content-type': 'text/html; charset=utf-8' }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  if (path === '/plain') return send(200, { 'content-type': 'text/plain' }, 'First line\nsecond <line>\n\nNext & last');
  if (path === '/cp1252') {
    return send(200, { 'content-type': 'text/html; charset=windows-1252' }, Buffer.from([0x3c, 0x70, 0x3e, 0x93, 0x48, 0x69, 0x94, 0x20, 0x80]));
  }
  if (path === '/meta-latin1') {
    const html = Buffer.concat([Buffer.from('<html><head><meta charset="iso-8859-1"></head><body>caf'), Buffer.from([0xe9]), Buffer.from('</body></html>')]);
    return send(200, { 'content-type': 'text/html' }, html);
  }
  if (path === '/gzip') return send(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }, zlib.gzipSync(PAGE));
  if (path === '/br') return send(200, { 'content-type': 'text/html', 'content-encoding': 'br' }, zlib.brotliCompressSync(PAGE));
  if (path === '/zstd') return send(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' }, PAGE);
  if (path === '/bad-gzip') return send(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }, 'not gzip at all');
  if (path === '/bad-br') return send(200, { 'content-type': 'text/html', 'content-encoding': 'br' }, 'not brotli at all, definitely');
  if (path === '/bomb') {
    // 50 MB of zeros in about 50 KB.
    return send(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }, zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024)));
  }
  if (path === '/declared-huge') {
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(100 * 1024 * 1024) });
    return res.write('<p>');
  }
  if (path === '/endless') {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) {
        // keep writing until the socket pushes back
      }
      if (!res.destroyed) res.once('drain', pump);
    };
    return pump();
  }
  if (path === '/drip') {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write('<p>a</p>'), 20);
    return res.on('close', () => clearInterval(timer));
  }
  if (path === '/hang') return; // accepts, never answers
  send(404, {}, '');
}

let pages: TestListener;
/** Stands for an internal service: every test that reaches it by mistake fails. */
let internal: TestListener;
let allowHosts: string[];

beforeAll(async () => {
  pages = await startListener(site);
  internal = await startListener((_req, res) => res.end('secret internal answer'));
  allowHosts = [`127.0.0.1:${pages.port}`];
});
afterAll(async () => {
  await pages.close();
  await internal.close();
});

let internalBefore = 0;
beforeEach(() => {
  internalBefore = internal.connections();
});
const internalConnections = () => internal.connections() - internalBefore;

/** The page's HTML; a PDF fails the test. */
function htmlOf(page: FetchedPage): string {
  if (!('html' in page)) throw new Error('a PDF, not a page');
  return page.html;
}

async function failure(url: string, options: Partial<FetchPageOptions> = {}): Promise<AppError> {
  const error = await fetchPage(url, { allowHosts, timeoutMs: 5000, ...options }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const resolverTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('fetchPage: the SSRF guard', () => {
  const P = () => internal.port;
  it.each([
    ['dotted loopback', () => `http://127.0.0.1:${P()}/`],
    ['loopback as one decimal number', () => `http://2130706433:${P()}/`],
    ['loopback in hex, short form', () => `http://0x7f.1:${P()}/`],
    ['loopback in hex, one number', () => `http://0x7f000001:${P()}/`],
    ['loopback in octal', () => `http://0177.0.0.1:${P()}/`],
    ['loopback, short form', () => `http://127.1:${P()}/`],
    ['loopback with a trailing dot', () => `http://127.0.0.1.:${P()}/`],
    ['another loopback address', () => `http://127.0.0.2:${P()}/`],
    ['the unspecified IPv4 address (reaches localhost on Linux)', () => `http://0.0.0.0:${P()}/`],
    ['IPv6 loopback', () => `http://[::1]:${P()}/`],
    ['IPv6 loopback written out', () => `http://[0:0:0:0:0:0:0:1]:${P()}/`],
    ['the unspecified IPv6 address', () => `http://[::]:${P()}/`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${P()}/`],
    ['IPv4-mapped loopback in hex', () => `http://[::ffff:7f00:1]:${P()}/`],
    ['IPv4-compatible loopback', () => `http://[::127.0.0.1]:${P()}/`],
    ['NAT64 loopback', () => `http://[64:ff9b::127.0.0.1]:${P()}/`],
    ['6to4 loopback', () => `http://[2002:7f00:1::1]:${P()}/`],
    ['https to loopback', () => `https://127.0.0.1:${P()}/`],
    ['localhost (system resolver)', () => `http://localhost:${P()}/`],
    ['loopback while only another port of it is allowed', () => `http://127.0.0.1:${P()}/`],
  ])('refuses %s without connecting', async (_name, url) => {
    const error = await failure(url());
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toBe(CONTENT_MESSAGES.privateAddress);
    expect(error.cause).toBeInstanceOf(BlockedAddressError);
    expect(internalConnections()).toBe(0);
  });

  it.each([
    ['a name resolving to loopback', ['127.0.0.1']],
    ['a name resolving to IPv6 loopback', ['::1']],
    ['a name with one public and one loopback address', ['93.184.215.14', '127.0.0.1']],
    ['a name resolving to mapped loopback', ['::ffff:127.0.0.1']],
  ])('refuses %s without connecting', async (_name, addresses) => {
    let lookups = 0;
    const resolver: HostResolver = async (host) => {
      lookups++;
      return resolverTo(...addresses)(host);
    };
    const error = await failure(`http://rebind.example:${internal.port}/`, { resolver });
    expect(error.message).toBe(CONTENT_MESSAGES.privateAddress);
    expect(error.cause).toBeInstanceOf(BlockedAddressError);
    expect(lookups).toBe(1);
    expect(internalConnections()).toBe(0);
  });

  it.each([
    ['AWS/GCP/Azure metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['AWS metadata over IPv6', 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['mapped metadata', 'http://[::ffff:169.254.169.254]/'],
    ['Alibaba metadata (CGNAT range)', 'http://100.100.100.200/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 172.16/12', 'http://172.16.5.4/'],
    ['private 192.168/16', 'http://192.168.1.1/'],
    ['mapped private', 'http://[::ffff:10.1.2.3]/'],
    ['IPv6 unique local', 'http://[fc00::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['multicast', 'http://224.0.0.1/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['benchmarking', 'http://198.18.0.1/'],
    ['documentation', 'http://192.0.2.1/'],
    ['IPv6 documentation', 'http://[2001:db8::1]/'],
  ])('refuses %s', async (_name, url) => {
    const error = await failure(url);
    expect(error.message).toBe(CONTENT_MESSAGES.privateAddress);
    expect(error.cause).toBeInstanceOf(BlockedAddressError);
  });

  it('refuses a name resolving to the metadata address', async () => {
    const error = await failure('http://metadata.example/', { resolver: resolverTo('169.254.169.254') });
    expect(error.cause).toBeInstanceOf(BlockedAddressError);
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${internal.port}/`],
    ['decimal loopback', () => `http://2130706433:${internal.port}/`],
    ['IPv6 loopback', () => `http://[::1]:${internal.port}/`],
    ['mapped loopback', () => `http://[::ffff:127.0.0.1]:${internal.port}/`],
    ['localhost', () => `http://localhost:${internal.port}/`],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses a redirect to %s without connecting', async (_name, target) => {
    const url = `http://127.0.0.1:${pages.port}/redirect?to=${encodeURIComponent(target())}`;
    const error = await failure(url);
    expect(error.message).toBe(CONTENT_MESSAGES.privateAddress);
    expect(error.cause).toBeInstanceOf(BlockedAddressError);
    expect(internalConnections()).toBe(0);
  });

  it('refuses a redirect to another scheme', async () => {
    const error = await failure(`http://127.0.0.1:${pages.port}/redirect?to=file:///etc/passwd`);
    expect(error.message).toBe(CONTENT_MESSAGES.unreachable);
  });

  it(`follows ${MAX_REDIRECTS} redirects and refuses the next, naming the loop`, async () => {
    const ok = await fetchPage(`http://127.0.0.1:${pages.port}/chain/${MAX_REDIRECTS}`, { allowHosts });
    expect(ok.url).toBe(`http://127.0.0.1:${pages.port}/chain/0`);
    const error = await failure(`http://127.0.0.1:${pages.port}/chain/${MAX_REDIRECTS + 1}`);
    expect(error.message).toBe(CONTENT_MESSAGES.redirectLoop);
  });

  it.each([301, 302, 303, 307, 308])('follows a %i redirect and reports the final address', async (status) => {
    const page = await fetchPage(`http://127.0.0.1:${pages.port}/redirect?status=${status}&to=/page`, { allowHosts });
    expect(page.url).toBe(`http://127.0.0.1:${pages.port}/page`);
    expect(htmlOf(page)).toBe(PAGE);
  });

  it('lets allowed host:port pairs through', async () => {
    const byAddress = await fetchPage(`http://127.0.0.1:${pages.port}/page`, { allowHosts });
    expect(byAddress).toEqual({ url: `http://127.0.0.1:${pages.port}/page`, html: PAGE, contentType: 'text/html' });
    const byName = await fetchPage(`http://localhost:${pages.port}/page`, { allowHosts: [`localhost:${pages.port}`] });
    expect(htmlOf(byName)).toBe(PAGE);
    const byV6 = await fetchPage(`http://[::1]:${pages.port}/page`, { allowHosts: [`[::1]:${pages.port}`] });
    expect(htmlOf(byV6)).toBe(PAGE);
  });

  it('keeps the host name for TLS (SNI) while connecting to the checked address', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-tls-'));
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-days', '1', '-subj', '/CN=site.example', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
    const context = { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
    const serverNames: string[] = [];
    const server = https.createServer(
      { ...context, SNICallback: (name, done) => { serverNames.push(name); done(null, tls.createSecureContext(context)); } },
      (_req, res) => res.end(PAGE),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const error = await failure(`https://site.example:${port}/page`, {
        allowHosts: [`site.example:${port}`],
        resolver: resolverTo('127.0.0.1'),
      });
      // The certificate is self-signed: refused like any site that cannot be reached safely.
      expect(error.message).toBe(CONTENT_MESSAGES.unreachable);
      expect(serverNames).toEqual(['site.example']);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('connects to the checked address, not to a second DNS answer', async () => {
    const answers = [['127.0.0.1'], ['10.9.9.9']];
    const resolver: HostResolver = async (host) => resolverTo(...answers.shift()!)(host);
    const page = await fetchPage(`http://site.example:${pages.port}/page`, {
      allowHosts: [`site.example:${pages.port}`],
      resolver,
    });
    expect(htmlOf(page)).toBe(PAGE);
    expect(answers).toHaveLength(1);
  });
});

describe('fetchPage: answers and bodies', () => {
  const at = (path: string) => `http://127.0.0.1:${pages.port}${path}`;

  it.each([
    ['ftp://example.com/file'],
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['not a url'],
    ['//example.com/page'],
    ['http://user:secret@example.com/'],
    [`http://example.com/${'a'.repeat(3000)}`],
  ])('refuses %s as an invalid address', async (url) => {
    const error = await failure(url);
    expect(error.code).toBe('INVALID_URL');
    expect(error.message).toBe(CONTENT_MESSAGES.invalidWebsiteUrl);
  });

  it('says the site is unreachable when the name does not resolve', async () => {
    const resolver: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const error = await failure('http://nowhere.example/', { resolver });
    expect(error.message).toBe(CONTENT_MESSAGES.unreachable);
  });

  it.each([
    ['/not-found', 'Not Found'],
    // The status's standard phrase, never the other server's own words ("Database Melted").
    ['/melted', 'Internal Server Error'],
    ['/no-location', 'See Other'],
  ])('a %s answer gives the status\'s standard text', async (path, statusText) => {
    const error = await failure(at(path));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toBe(fetchNotOkMessage(statusText));
  });

  it.each(['/empty', '/blank', '/no-content'])('%s has no content', async (path) => {
    const error = await failure(at(path));
    expect(error.code).toBe('NO_CONTENT');
    expect(error.message).toBe(CONTENT_MESSAGES.noContent);
  });

  it.each([
    ['image/png', 'an image'],
    ['video/mp4', 'a video'],
    ['audio/mpeg', 'an audio file'],
    ['application/json', 'a file of type application/json'],
    ['text/css', 'a file of type text/css'],
  ])('refuses content of type %s, saying it is %s', async (type, kind) => {
    const error = await failure(at(`/typed?type=${encodeURIComponent(type)}`));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toBe(notAWebPageMessage(kind));
  });

  it('tells an image served as text/html by its first bytes', async () => {
    expect((await failure(at('/png-as-html'))).message).toBe(notAWebPageMessage('an image'));
  });

  it.each(['application/pdf', 'application/octet-stream', 'text/html', ''])('reads a PDF served as "%s" by its signature', async (type) => {
    const page = await fetchPage(at(`/pdf?type=${encodeURIComponent(type)}`), { allowHosts });
    expect(page.contentType).toBe('application/pdf');
    expect('pdf' in page && Buffer.from(page.pdf).equals(PDF_BYTES)).toBe(true);
  });

  it('reads a link served as a PDF or a download that is HTML as the page it is', async () => {
    for (const type of ['application/pdf', 'application/octet-stream']) {
      expect(await fetchPage(at(`/typed?type=${encodeURIComponent(type)}`), { allowHosts })).toMatchObject({ html: PAGE, contentType: 'text/html' });
    }
  });

  it('refuses a PDF over its own cap, and a file served as a PDF without one inside', async () => {
    expect((await failure(at('/pdf?type=application/pdf'), { maxPdfBytes: PDF_BYTES.length - 1 })).message).toBe(PDF_MESSAGES.tooLarge);
    expect((await fetchPage(at('/pdf?type=application/pdf'), { allowHosts, maxPdfBytes: PDF_BYTES.length })).contentType).toBe('application/pdf');
    expect((await failure(at('/not-a-pdf'))).message).toBe(PDF_MESSAGES.damaged);
  });

  it.each([
    ['text/html', 'text/html'],
    ['TEXT/HTML; charset=UTF-8', 'text/html'],
    ['application/xhtml+xml', 'application/xhtml+xml'],
  ])('reads content of type %s', async (header, type) => {
    const page = await fetchPage(at(`/typed?type=${encodeURIComponent(header)}`), { allowHosts });
    expect(page).toMatchObject({ html: PAGE, contentType: type });
  });

  it('takes an untyped body as HTML only when it looks like HTML', async () => {
    expect((await fetchPage(at('/untyped-html'), { allowHosts })).contentType).toBe('text/html');
    expect((await failure(at('/untyped-octets'))).message).toBe(CONTENT_MESSAGES.parseFailed);
  });

  it('wraps plain text as an HTML document with its paragraphs', async () => {
    const page = await fetchPage(at('/plain'), { allowHosts });
    expect(page.contentType).toBe('text/plain');
    expect(htmlOf(page)).toContain('<p>First line<br>\nsecond &lt;line&gt;</p>\n<p>Next &amp; last</p>');
  });

  it('decodes the declared and the <meta> character sets', async () => {
    expect(htmlOf(await fetchPage(at('/cp1252'), { allowHosts }))).toBe('<p>“Hi” €');
    expect(htmlOf(await fetchPage(at('/meta-latin1'), { allowHosts }))).toContain('café');
  });

  it.each(['/gzip', '/br'])('undoes %s compression', async (path) => {
    expect(htmlOf(await fetchPage(at(path), { allowHosts }))).toBe(PAGE);
  });

  it.each(['/zstd', '/bad-gzip', '/bad-br'])('refuses a body it cannot decode (%s)', async (path) => {
    expect((await failure(at(path))).message).toBe(CONTENT_MESSAGES.parseFailed);
  });

  it.each([
    ['a declared length over the cap', '/declared-huge'],
    ['an endless body', '/endless'],
    ['a compression bomb', '/bomb'],
  ])('stops reading %s at the byte cap', async (_name, path) => {
    // The deadline is not what is tested: far off, so a loaded machine's slow inflate still meets the cap first.
    const error = await failure(at(path), { maxBytes: 1024 * 1024, timeoutMs: 60_000 });
    expect(error.message).toBe(CONTENT_MESSAGES.parseFailed);
    // Stopped by the cap (the deadline would answer the unreachable-page message).
    expect(String(error.cause)).toMatch(/over the 1048576-byte cap/);
  });

  it('caps a body exactly at maxBytes', async () => {
    expect(htmlOf(await fetchPage(at('/page'), { allowHosts, maxBytes: Buffer.byteLength(PAGE) }))).toBe(PAGE);
    expect((await failure(at('/page'), { maxBytes: Buffer.byteLength(PAGE) - 1 })).message).toBe(CONTENT_MESSAGES.parseFailed);
  });

  it.each([
    ['never answers', '/hang'],
    ['sends its body forever, slowly', '/drip'],
  ])('gives up at the deadline on a server that %s', async (_name, path) => {
    const error = await failure(at(path), { timeoutMs: 300 });
    expect(error.message).toBe(CONTENT_MESSAGES.unreachable);
    // These servers never end an answer: only the deadline can have ended the fetch (the test's timeout is the net).
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(fetchPage(at('/hang'), { allowHosts, signal: controller.signal })).rejects.toBe(reason);
  });
});
