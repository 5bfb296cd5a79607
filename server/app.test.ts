import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../shared/api/error.ts';
import { describeEachDatabase } from './test/databases.ts';
import { createTestApp, testConfig } from './test/app.ts';
import { redactSecrets } from './app.ts';

describeEachDatabase('the server skeleton', (ctx) => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
  const app = () => createTestApp(ctx, { config: testConfig({ WEB_DIST_DIR: webDist }) }).app;

  it('answers GET /api/health with 200 JSON that names the database', async () => {
    const res = await app().request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, database: ctx.kind, billing: 'off', tts: 'espeak' });
  });

  it('answers an unknown API path with a 404 in the shared error shape', async () => {
    const res = await app().request('/api/unknown');
    expect(res.status).toBe(404);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it.each(['/', '/profile', '/profile/', '/subscription/success?session_id=x', '/subscription/register', '/subscription/canceled'])(
    'serves the web app for %s so its router can show the screen',
    async (url) => {
      const res = await app().request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it.each(['/some/page', '/profiles', '/subscription', '/index.php', '/shared'])(
    'answers %s, where the app has no page, 404 with the app (which says the page is not found)',
    async (url) => {
      const res = await app().request(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('serves the built files themselves', async () => {
    const res = await app().request('/app.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
  });

  it('sends secure headers and a request id', async () => {
    const res = await app().request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-request-id')).toMatch(/\S{8,}/);
  });

  describe('with PUBLIC_URL set (DNS rebinding)', () => {
    const publicApp = () => createTestApp(ctx, { config: testConfig({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://pagecast.example' }) }).app;
    const as = (host: string | null, path: string, init: RequestInit = {}) =>
      publicApp().request(`https://pagecast.example${path}`, { ...init, headers: { ...(host === null ? {} : { Host: host }), ...init.headers } });

    it.each(['pagecast.example', 'PageCast.Example', 'pagecast.example:443', null])('answers requests for its own host (%s)', async (host) => {
      expect((await as(host, '/api/voices')).status).toBe(200);
      expect((await as(host, '/profile')).status).toBe(200);
    });

    it.each(['evil.example', 'pagecast.example.evil.example', 'pagecast.example:8443', '127.0.0.1:8787', 'localhost', ''])(
      'refuses requests for %j with 421 and a JSON error, for the API and the web app alike',
      async (host) => {
        for (const [path, init] of [
          ['/api/voices', {}],
          ['/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"a@example.com","password":"x"}' }],
          ['/', {}],
        ] as const) {
          const res = await as(host, path, init);
          expect(res.status, `${host} ${path}`).toBe(421);
          expect(errorBodySchema.parse(await res.json()).error).toMatchObject({
            code: 'FORBIDDEN',
            message: 'This server answers only requests for pagecast.example',
          });
        }
      },
    );

    it('refuses a request that names no host, by its address', async () => {
      expect((await publicApp().request('/api/voices')).status).toBe(421);
    });

    it('keeps the health check open, for probes that address the server by its IP', async () => {
      const res = await as('10.0.0.5:8787', '/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true });
    });

    it('checks nothing without PUBLIC_URL', async () => {
      expect((await app().request('/api/voices', { headers: { Host: 'evil.example' } })).status).toBe(200);
    });
  });

  it('explains how to build the web app when it is not built, instead of failing silently', async () => {
    const missing = path.join(os.tmpdir(), 'pagecast-missing-dist');
    const res = await createTestApp(ctx, { config: testConfig({ WEB_DIST_DIR: missing }) }).app.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build:web');
  });

  it('refuses an oversized body with 413 in the error shape, not a 500', async () => {
    const res = await app().request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("starts the voice and the encoder loading on a client's first questions before a podcast, and not on other requests", async () => {
    let warmUps = 0;
    const { app: warming } = createTestApp(ctx, { config: testConfig({ WEB_DIST_DIR: webDist }), warmUp: () => void warmUps++ });
    for (const url of ['/', '/profile', '/api/health', '/api/podcasts', '/api/auth/me']) await warming.request(url);
    expect(warmUps).toBe(0);
    // The popup asks for the capabilities as it opens; the home page's card asks for the voices and
    // the capabilities as a visitor types; both ask for an estimate.
    expect((await warming.request('/api/capabilities')).status).toBe(200);
    expect(warmUps).toBe(1);
    await warming.request('/api/voices');
    await warming.request('/api/podcasts/estimate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(warmUps).toBe(3);
  });
});

describe('request logs', () => {
  it.each([
    ['/api/feed/abcDEF_123-xyz/rss.xml', '/api/feed/[secret]/rss.xml'],
    ['/api/feed/abcDEF_123-xyz/audio/1-2.mp3', '/api/feed/[secret]/audio/1-2.mp3'],
    ['/api/shared/abcDEF_123-xyz', '/api/shared/[secret]'],
    ['/api/shared/abcDEF_123-xyz/audio', '/api/shared/[secret]/audio'],
    ['/api/shared/abcDEF_123-xyz/transcript.vtt', '/api/shared/[secret]/transcript.vtt'],
    ['/shared/abcDEF_123-xyz', '/shared/[secret]'],
    ['/api/feed', '/api/feed'],
    ['/api/feed/rotate', '/api/feed/rotate'],
    ['/api/podcasts/123/audio', '/api/podcasts/123/audio'],
  ])('keep the route of %s but not its secret', (path, logged) => {
    expect(redactSecrets(path)).toBe(logged);
  });
});
