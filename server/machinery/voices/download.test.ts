import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveArchives, type ArchiveServer } from '../../test/fake-voice.ts';
import { downloadArchive } from './download.ts';

const NAME = 'voice.tar.bz2';
const first = crypto.randomBytes(200_000);
const changed = crypto.randomBytes(200_000);
let server: ArchiveServer;
let other: ArchiveServer;

const partFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-download-')), `${NAME}.part`);
const download = (part: string, extra: Partial<Parameters<typeof downloadArchive>[0]> = {}) =>
  downloadArchive({ url: `${server.url}/${NAME}`, partFile: part, maxBytes: 1_000_000, ...extra });
const since = (before: number) => server.requests.slice(before);

/**
 * A part holding the first half of `first`, as a connection that went silent leaves it. (A reset
 * connection may drop the bytes still in flight, all of them on a loaded machine: a stall keeps them.)
 */
async function halfPart() {
  const part = partFile();
  server.stallNextAfter(NAME, 100_000);
  await expect(download(part, { idleTimeoutMs: 500 })).rejects.toThrow(/sent nothing for/);
  expect(fs.statSync(part).size).toBe(100_000);
  return part;
}

beforeAll(async () => {
  server = await serveArchives({ [NAME]: first });
  other = await serveArchives({ [NAME]: first });
});
afterAll(async () => {
  await server.close();
  await other.close();
});

describe('downloading a voice archive', () => {
  it('resumes with If-Range, and takes the whole file again when it changed under the same name', async () => {
    const part = await halfPart();
    const kept = fs.statSync(part).size;
    server.set(NAME, changed);
    const before = server.requests.length;
    try {
      await download(part);
    } finally {
      server.set(NAME, first);
    }
    expect(since(before)).toEqual([{ path: `/tts-models/${NAME}`, range: `bytes=${kept}-`, ifRange: expect.stringMatching(/^".+"$/) }]);
    // The server answered 200: the part is the new file, never the old half with the new tail.
    expect(fs.readFileSync(part).equals(changed)).toBe(true);
  });

  it('a 416 whose size is not the part\'s, or a 206 that starts elsewhere, drops the part and starts from byte zero', async () => {
    for (const hostile of [
      (res: import('node:http').ServerResponse) => res.writeHead(416, { 'content-range': 'bytes */999999' }).end(),
      (res: import('node:http').ServerResponse) =>
        res.writeHead(206, { 'content-range': `bytes 0-${first.length - 1}/${first.length}`, 'content-length': String(first.length) }).end(first),
    ]) {
      const part = await halfPart();
      const before = server.requests.length;
      let once = true;
      server.intercept((req, res) => {
        if (!once || !req.headers.range) return false;
        once = false;
        hostile(res);
        return true;
      });
      try {
        await download(part);
      } finally {
        server.intercept(null);
      }
      expect(since(before).map((r) => r.range)).toEqual([expect.stringMatching(/^bytes=\d+-$/), undefined]);
      expect(fs.readFileSync(part).equals(first)).toBe(true);
    }
  });

  it('takes a 416 as whole only when the part has the size the server states', async () => {
    const part = partFile();
    await download(part);
    const before = server.requests.length;
    await download(part);
    expect(since(before)).toEqual([expect.objectContaining({ range: `bytes=${first.length}-` })]);
    expect(fs.readFileSync(part).equals(first)).toBe(true);
  });

  it('follows a redirect on the mirror\'s own host, and refuses one to another loopback address unless FETCH_ALLOW_HOSTS names it', async () => {
    const elsewhere = new URL(other.url);
    server.intercept((req, res) => {
      if (req.url === '/tts-models/moved.tar.bz2') return void res.writeHead(302, { location: `/tts-models/${NAME}` }).end(), true;
      if (req.url === '/tts-models/away.tar.bz2') return void res.writeHead(302, { location: `${other.url}/${NAME}` }).end(), true;
      return false;
    });
    try {
      const moved = partFile();
      await downloadArchive({ url: `${server.url}/moved.tar.bz2`, partFile: moved, maxBytes: 1_000_000 });
      expect(fs.readFileSync(moved).equals(first)).toBe(true);

      const before = other.requests.length;
      await expect(downloadArchive({ url: `${server.url}/away.tar.bz2`, partFile: partFile(), maxBytes: 1_000_000 })).rejects.toThrow(/blocked address/);
      expect(other.requests.length).toBe(before);

      const allowed = partFile();
      await downloadArchive({ url: `${server.url}/away.tar.bz2`, partFile: allowed, maxBytes: 1_000_000, allowHosts: [elsewhere.host] });
      expect(fs.readFileSync(allowed).equals(first)).toBe(true);
    } finally {
      server.intercept(null);
    }
  });

  it('cuts off a server that stops sending, and one that sends past the size allowed', async () => {
    server.intercept((_req, res) => {
      res.writeHead(200, { 'content-length': String(first.length) });
      res.write(first.subarray(0, 1_000)); // then nothing, the connection held open
      return true;
    });
    try {
      await expect(download(partFile(), { idleTimeoutMs: 300 })).rejects.toThrow(/sent nothing for/);
    } finally {
      server.intercept(null);
    }
    await expect(download(partFile(), { maxBytes: 50_000 })).rejects.toThrow(/over the 50000 allowed/);
  });

  it('refuses a web page: text/html before the part is touched, any other answer that is not the file dropped', async () => {
    const part = await halfPart();
    const kept = fs.readFileSync(part);
    const page = '<!DOCTYPE html><html><body>Sign in to this network</body></html>';
    server.intercept((_req, res) => (res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page), true));
    try {
      await expect(download(part, { signature: first.subarray(0, 3) })).rejects.toThrow(/answered with a web page \(text\/html\), not the archive/);
      // A portal's page never replaces the bytes already kept: the next attempt still resumes them.
      expect(fs.readFileSync(part).equals(kept)).toBe(true);

      server.intercept((_req, res) => (res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(page), true));
      await expect(download(part, { signature: first.subarray(0, 3) })).rejects.toThrow(/did not send the archive: its answer starts with "<!DOCTYPE html>/);
      expect(fs.existsSync(part)).toBe(false);
      expect(fs.existsSync(`${part}.json`)).toBe(false);
    } finally {
      server.intercept(null);
    }
  });

  it('says what the server answered when it is not the file', async () => {
    await expect(downloadArchive({ url: `${server.url}/missing.tar.bz2`, partFile: partFile(), maxBytes: 1_000_000 })).rejects.toThrow(
      /missing\.tar\.bz2 answered 404 Not Found \(no such archive at this address\)$/,
    );
  });

  it('starts from byte zero when a 206 continues a file of another size (the server ignored If-Range)', async () => {
    const part = await halfPart();
    const kept = fs.statSync(part).size;
    const before = server.requests.length;
    let once = true;
    server.intercept((req, res) => {
      if (!once || !req.headers.range) return false;
      once = false;
      // The file grew upstream, and this server answers the range anyway.
      res.writeHead(206, { 'content-range': `bytes ${kept}-${first.length + 999}/${first.length + 1_000}`, 'content-length': String(first.length + 1_000 - kept) });
      res.end(Buffer.alloc(first.length + 1_000 - kept));
      return true;
    });
    try {
      await download(part);
    } finally {
      server.intercept(null);
    }
    expect(since(before).map((r) => r.range)).toEqual([`bytes=${kept}-`, undefined]);
    expect(fs.readFileSync(part).equals(first)).toBe(true);
  });

  it('stops a server that states no length at the size allowed, and one that sends less than it stated', async () => {
    server.intercept((_req, res) => {
      res.writeHead(200); // chunked: no Content-Length
      res.end(first);
      return true;
    });
    try {
      await expect(download(partFile(), { maxBytes: 50_000 })).rejects.toThrow(/sent more than the 50000 bytes allowed/);
    } finally {
      server.intercept(null);
    }
    server.intercept((_req, res) => {
      res.writeHead(200, { 'content-length': String(first.length) });
      res.write(first.subarray(0, 1_000), () => res.destroy());
      return true;
    });
    try {
      await expect(download(partFile())).rejects.toThrow(/cut after|ended after \d+ of 200000 bytes/);
    } finally {
      server.intercept(null);
    }
  });
});
