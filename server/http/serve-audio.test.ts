/**
 * Serving stored audio over HTTP, the same from either store: 200 with the whole object, 206 for a
 * range (a suffix too), 416 past the end, HEAD with the length and no body, a slice served as if it
 * were the whole object, and 404 for audio that is not there.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../errors.ts';
import { bothAudioStores } from '../test/audio-stores.ts';
import { episode, segment } from '../machinery/audio/store.ts';
import { contentDisposition, serveAudio } from './serve-audio.ts';

const { stores } = bothAudioStores('pagecast-serve-');

describe.each(stores)('audio served from the %s store', (_name, make) => {
  const bytes = randomBytes(20_000);
  let key: string;
  let app: Hono;

  beforeAll(async () => {
    const store = make();
    key = store.newKey();
    await store.write(segment(key, 0), bytes.subarray(0, 8_000));
    await store.write(segment(key, 1), bytes.subarray(8_000));
    await store.join(key, 2);
    app = new Hono()
      .on(['GET', 'HEAD'], '/episode/:key', (c) => serveAudio(c, store, episode(c.req.param('key')), { contentType: 'audio/mpeg', downloadName: 'Ünïcode "title".mp3' }))
      .get('/segment/:seq', (c) => serveAudio(c, store, segment(key, Number(c.req.param('seq'))), { contentType: 'audio/mpeg', cacheControl: 'no-cache' }))
      .get('/slice', (c) => serveAudio(c, store, episode(key), { contentType: 'audio/mpeg', slice: { offset: 8_000, length: 12_000 } }))
      .get('/past-the-end', (c) => serveAudio(c, store, episode(key), { contentType: 'audio/mpeg', slice: { offset: 19_000, length: 2_000 } }));
    app.onError((err, c) => (isAppError(err) ? c.json({ code: err.code }, err.status as 404) : c.json({ code: 'INTERNAL' }, 500)));
  });

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => app.request(url, { method, headers });
  const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('answers the whole object with its length, type and name', async () => {
    const res = await get(`/episode/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('20000');
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="_n_code title.mp3"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22title%22.mp3`);
    expect((await body(res)).equals(bytes)).toBe(true);
  });

  it('names a download without control characters or bidi overrides, in both forms', () => {
    const header = contentDisposition('A\u0001B\u202Egnp.exe.txt');
    expect(header).toBe(`attachment; filename="A_B_gnp.exe.txt"; filename*=UTF-8''A_B_gnp.exe.txt`);
  });

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=100-1099', 100, 1099],
    ['bytes=7990-8009', 7990, 8009],
    ['bytes=19000-', 19000, 19999],
    ['bytes=19000-99999', 19000, 19999],
    ['bytes=-500', 19500, 19999],
  ])('answers 206 for %s', async (range, start, end) => {
    const res = await get(`/episode/${key}`, { Range: range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/20000`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect((await body(res)).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=20000-', 'bytes=-0', 'bytes=500-100'])('answers 416 for %s', async (range) => {
    const res = await get(`/episode/${key}`, { Range: range });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */20000');
  });

  it('answers HEAD with the length and no body, with or without a range', async () => {
    const whole = await get(`/episode/${key}`, {}, 'HEAD');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('20000');
    expect((await body(whole)).length).toBe(0);
    const part = await get(`/episode/${key}`, { Range: 'bytes=10-19' }, 'HEAD');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-length')).toBe('10');
    expect(part.headers.get('content-range')).toBe('bytes 10-19/20000');
  });

  it('serves a slice of the episode as if it were the whole object', async () => {
    const whole = await get('/slice');
    expect(whole.headers.get('content-length')).toBe('12000');
    expect((await body(whole)).equals(bytes.subarray(8_000))).toBe(true);
    const part = await get('/slice', { Range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-99/12000');
    expect((await body(part)).equals(bytes.subarray(8_000, 8_100))).toBe(true);
  });

  it('answers 404 for audio that is not there, and for a slice past its end', async () => {
    expect((await get(`/episode/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await get('/episode/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await get('/segment/7')).status).toBe(404);
    expect((await get('/past-the-end')).status).toBe(404);
  });

  it('serves a segment while it has its own object', async () => {
    const res = await get('/segment/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect((await body(res)).equals(bytes.subarray(8_000))).toBe(true);
  });
});
