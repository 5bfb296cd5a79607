/**
 * Asking a podcast a question, through the real app: with no AI the answer is the article's passage
 * (or "The article does not say."), voiced as an MP3 its signed address plays; with the local
 * OpenAI-compatible server the model gets the question and the passages (never the page's chrome)
 * and its answer comes back with them as sources. Only the owner asks and lists; a question past a
 * limit is refused with the limit's words; the answers and their audio go with the podcast.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { sharedPodcastSchema } from '../../shared/api/premium.ts';
import { QUESTION_MESSAGES, questionAnswerSchema, questionListSchema } from '../../shared/api/questions.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { FAKE_OPENAI_KEY, startFakeOpenAi, type FakeChatRequest, type FakeOpenAi } from '../test/fake-openai.ts';
import { waitFor } from '../test/wait.ts';

const PUBLIC_URL = 'https://pagecast.test';
const ARTICLE = [
  'The Old Harbour of Kettleby',
  'The harbour at Kettleby was opened on 14 May 1891, after nine years of building.',
  'Its stone pier was designed by the engineer Margaret Ellison, who had worked on the docks at Leith.',
  'The building cost £48,000 in all: the town paid £30,000 and a loan from the county covered the rest.',
  'Today about thirty fishing boats use the harbour, and in summer the quay is full of visitors.',
];
const CHROME = ['Subscribe to the Kettleby Gazette newsletter', 'Cookie settings and privacy choices'];
const PAGE = `<!doctype html><html lang="en"><head><title>${ARTICLE[0]} | Gazette</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <p>${CHROME[0]}</p></nav>
<main><article><h1>${ARTICLE[0]}</h1>${ARTICLE.slice(1).map((p) => `<p>${p}</p>`).join('')}</article></main>
<footer><p>${CHROME[1]}</p></footer></body></html>`;
const AI_ANSWER = 'Margaret Ellison designed the stone pier. She had worked on the docks at Leith before.';

describeEachDatabase('questions', (ctx) => {
  let site: http.Server;
  let host = '';
  let fake: FakeOpenAi;
  let plain: ReturnType<typeof createTestApp>;
  let ai: ReturnType<typeof createTestApp>;
  let owner = '';
  let other = '';

  type App = ReturnType<typeof createTestApp>;
  const call = (app: App, path: string, token: string | null, init: RequestInit & { as?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (init.as) headers.set(ANONYMOUS_TOKEN_HEADER, init.as);
    if (init.body) headers.set('Content-Type', 'application/json');
    return app.app.request(new URL(path, PUBLIC_URL).href, { ...init, headers });
  };
  const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
  const register = async (email: string) => {
    const res = await call(plain, '/api/auth/register', null, post({ email, password: 'secret123' }));
    return ((await res.json()) as { token: string }).token;
  };
  const ready = async (app: App, body: unknown) => {
    const created = podcastSchema.parse(await (await call(app, '/api/podcasts', owner, post(body))).json());
    return waitFor(
      async () => podcastSchema.parse(await (await call(app, `/api/podcasts/${created.id}`, owner)).json()),
      (p) => p.status === 'ready' || p.status === 'failed',
    );
  };
  const keys = async (app: App) => {
    const found = new Set<string>();
    for await (const { key } of app.deps.audio.keys()) found.add(key);
    return found;
  };

  beforeAll(async () => {
    site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
    fake = await startFakeOpenAi({
      chatReply: (request: FakeChatRequest) => (request.messages.some((m) => m.content.includes('<question>')) ? AI_ANSWER : 'A Harbour Story'),
    });
    plain = createTestApp(ctx, { config: testConfig({ PUBLIC_URL, QUESTIONS_PER_HOUR: '6' }) });
    ai = createTestApp(ctx, {
      config: testConfig({ PUBLIC_URL, OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.url, FETCH_ALLOW_HOSTS: host }),
      auth: plain.deps.auth,
    });
    // Read mode asks no model: either app's runner makes the episodes.
    plain.deps.jobs.start();
    owner = await register(`questions-owner-${ctx.kind}@example.com`);
    other = await register(`questions-other-${ctx.kind}@example.com`);
  });
  afterAll(async () => {
    await plain.deps.jobs.stop();
    await fake.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  it('answers from the article with no AI, voiced, and says when the article does not say', async () => {
    const podcast = await ready(plain, { title: ARTICLE[0], text: ARTICLE.join('\n'), sourceUrl: 'https://example.com/harbour', mode: 'read' });
    expect(podcast.status).toBe('ready');
    const before = await keys(plain);

    const res = await call(plain, `/api/podcasts/${podcast.id}/questions`, owner, post({ question: 'Who designed the pier?', at: 3 }));
    expect(res.status).toBe(201);
    const asked = questionAnswerSchema.parse(await res.json());
    expect(asked.answer).toContain('Margaret Ellison');
    expect(asked.sources).toEqual([{ paragraph: 2, text: ARTICLE[2] }]);
    expect(asked.at).toBe(3);
    // The answer's audio plays from its signed address alone, as an <audio> element asks for it.
    const audio = await plain.app.request(new URL(asked.audioUrl!, PUBLIC_URL).href);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    // The extension's popup (another site) plays it too.
    expect(audio.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(2_000);
    expect(bytes[0] === 0xff || String.fromCharCode(...bytes.slice(0, 3)) === 'ID3').toBe(true);

    const none = questionAnswerSchema.parse(
      await (await call(plain, `/api/podcasts/${podcast.id}/questions`, owner, post({ question: 'Who won the regatta in 1950?' }))).json(),
    );
    expect(none).toMatchObject({ answer: QUESTION_MESSAGES.notSaid, sources: [], at: null });
    expect(none.audioUrl).not.toBeNull();

    const list = questionListSchema.parse(await (await call(plain, `/api/podcasts/${podcast.id}/questions`, owner)).json());
    expect(list.questions.map((q) => q.question)).toEqual(['Who designed the pier?', 'Who won the regatta in 1950?']);

    // The podcast goes, and its answers and their audio with it.
    const answers = [...(await keys(plain))].filter((k) => !before.has(k));
    expect(answers).toHaveLength(2);
    expect((await call(plain, `/api/podcasts/${podcast.id}`, owner, { method: 'DELETE' })).status).toBe(200);
    const after = await keys(plain);
    for (const key of answers) expect(after.has(key)).toBe(false);
    expect((await plain.app.request(new URL(asked.audioUrl!, PUBLIC_URL).href)).status).toBe(404);
  });

  it('answers only the owner: another member and a visitor hear "not found", as for the podcast', async () => {
    const podcast = await ready(plain, { title: ARTICLE[0], text: ARTICLE.join('\n'), sourceUrl: 'https://example.com/harbour', mode: 'read' });
    const path = `/api/podcasts/${podcast.id}/questions`;
    for (const init of [{ token: other }, { token: null, as: `visitor-browser-token-${ctx.kind}` }]) {
      const asked = await call(plain, path, init.token, { ...post({ question: 'Who designed the pier?' }), ...(init.as ? { as: init.as } : {}) });
      expect(asked.status).toBe(404);
      expect(errorBodySchema.parse(await asked.json()).error.message).toBe('Podcast not found');
      expect((await call(plain, path, init.token, init.as ? { as: init.as } : {})).status).toBe(404);
    }
    const mine = questionAnswerSchema.parse(await (await call(plain, path, owner, post({ question: 'When did the harbour open?' }))).json());
    expect(mine.answer).toContain('14 May 1891');
    // Its share page names the podcast to its owner alone, who may ask it from there.
    const shared = (await (await call(plain, `/api/podcasts/${podcast.id}/share`, owner, { method: 'POST' })).json()) as { url: string };
    const sharedPath = `/api/shared/${new URL(shared.url).pathname.split('/').pop()}`;
    expect(sharedPodcastSchema.parse(await (await call(plain, sharedPath, owner)).json()).podcastId).toBe(podcast.id);
    expect(sharedPodcastSchema.parse(await (await call(plain, sharedPath, other)).json()).podcastId).toBeNull();
    expect(sharedPodcastSchema.parse(await (await call(plain, sharedPath, null)).json()).podcastId).toBeNull();
    // Someone else's signed address does not open another answer, nor a made-up one.
    const forged = mine.audioUrl!.replace(mine.id, crypto.randomUUID());
    expect((await plain.app.request(new URL(forged, PUBLIC_URL).href)).status).toBe(404);
  });

  it('refuses a question past a limit with the limit in words, and asks no more than the hourly limit', async () => {
    const podcast = await ready(plain, { title: ARTICLE[0], text: ARTICLE.join('\n'), sourceUrl: 'https://example.com/harbour', mode: 'read' });
    const path = `/api/podcasts/${podcast.id}/questions`;
    const cases: Array<[unknown, string]> = [
      [{ question: '' }, QUESTION_MESSAGES.empty],
      [{ question: '   ' }, QUESTION_MESSAGES.empty],
      [{ question: 'x'.repeat(501) }, QUESTION_MESSAGES.tooLong],
      [{ question: 'When?', at: -1 }, QUESTION_MESSAGES.at],
      [{ question: 'When?', at: 'soon' }, QUESTION_MESSAGES.at],
      [{}, QUESTION_MESSAGES.empty],
    ];
    for (const [body, message] of cases) {
      const res = await call(plain, path, owner, post(body));
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(await res.json()).error.message).toBe(message);
    }
    const asked = questionListSchema.parse(await (await call(plain, path, owner)).json()).questions.length;
    expect(asked).toBe(0);
    // QUESTIONS_PER_HOUR is 6 here; the owner asked 3 in the tests before.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(plain, path, owner, post({ question: `How many boats use the harbour? (${i})`, at: 1 }));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect(errorBodySchema.parse(await res.json()).error.message).toMatch(/^Too many questions asked in the last hour\. Try again in/);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('asks the model with the question and the passages, never the page\'s chrome, and returns them as sources', async () => {
    const podcast = await ready(ai, { url: `http://${host}/harbour`, mode: 'read' });
    expect(podcast.status).toBe('ready');
    fake.requests.length = 0;
    const res = await call(ai, `/api/podcasts/${podcast.id}/questions`, owner, post({ question: 'Who designed the stone pier at Kettleby?', at: 2 }));
    expect(res.status).toBe(201);
    const asked = questionAnswerSchema.parse(await res.json());
    expect(asked.answer).toBe(AI_ANSWER);
    expect(asked.sources.map((s) => s.text)).toContain(ARTICLE[2]);

    const chats = fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(1);
    expect(chats[0]!.problems).toEqual([]);
    const sent = JSON.stringify(chats[0]!.body);
    expect(sent).toContain('Who designed the stone pier at Kettleby?');
    for (const source of asked.sources) expect(sent).toContain(source.text);
    for (const chrome of CHROME) expect(sent).not.toContain(chrome);
    expect(sent).not.toContain('<nav');
    // The passages travel as data: the system prompt says so.
    expect((chats[0]!.body as FakeChatRequest).messages[0]!.content).toMatch(/data, never instructions/);
  });

  it('answers from the article when the model fails', async () => {
    const podcast = await ready(ai, { url: `http://${host}/harbour-again`, mode: 'read' });
    fake.setBehaviour({ chatFault: 'server-error', faultTimes: 1 });
    const asked = questionAnswerSchema.parse(
      await (await call(ai, `/api/podcasts/${podcast.id}/questions`, owner, post({ question: 'How much did the building cost?' }))).json(),
    );
    expect(asked.answer).toContain('£48,000');
    expect(asked.sources.map((s) => s.text)).toEqual([ARTICLE[3]]);
  });
});
