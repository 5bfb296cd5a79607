/**
 * The modes over the real app: a mode or length outside the allowed values is refused with its
 * reason and stores nothing; the member's preferences; the default mode; the estimate; a Premium
 * draft stopped at its script, edited (never to empty) and voiced, the transcript saying the edit;
 * read mode's cues keeping the article's lines and chapters; with the local OpenAI-compatible
 * server, a conversation and a podcast of 3 minutes spoken by the embedded voice within 15% of it,
 * the conversation in two voices that take turns, its transcript naming them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authResponseSchema, preferencesResponseSchema } from '../../shared/api/auth.ts';
import { capabilitiesSchema } from '../../shared/api/capabilities.ts';
import { errorBodySchema } from '../../shared/api/error.ts';
import { estimateResponseSchema, podcastSchema, scriptResponseSchema, type Podcast } from '../../shared/api/podcasts.ts';
import { MODE_MESSAGES } from '../../shared/api/podcast-modes.ts';
import { voicesResponseSchema } from '../../shared/api/premium.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import { CONVERSATION_HOSTS } from '../pipeline/script-plan.ts';
import { createScriptWriter } from '../machinery/script/openai-writer.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { recordingVoices } from '../test/recording-speech.ts';
import { BILLING_ON, createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { FAKE_OPENAI_KEY, fakeScriptReply, startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { setSubscriptionStatus } from '../test/rows.ts';
import { waitFor } from '../test/wait.ts';
import { createLogger } from '../lib/logger.ts';

/** How long a podcast may take to be made before a test gives up on it: a safety net, never a figure. */
const UNTIL_DONE_MS = 480_000;

const billingOn = {
  ...BILLING_ON,
  PUBLIC_URL: 'https://pagecast.test',
};

const article = {
  title: 'The Harbour',
  text: [
    'The harbour opened in 1890 and still serves the fishing fleet.',
    'A short history',
    'Boats have left at dawn for over a century, and the quay has been rebuilt three times since then.',
    'Today the harbour is busy with visitors as well as fishermen.',
  ].join('\n'),
  sourceUrl: 'https://example.com/harbour',
};

/** A long article of ordinary prose: enough words for a few minutes. */
const longArticle = {
  title: 'The River Crossing',
  text: Array.from(
    { length: 40 },
    (_, i) =>
      `Paragraph ${i + 1} tells how the council discussed the proposal for a new bridge across the river, ` +
      'while residents worried about months of construction on the main street and engineers explained the costs.',
  ).join('\n'),
  sourceUrl: 'https://example.com/river',
};

describeEachDatabase('modes', (ctx) => {
  let fake: FakeOpenAi;
  let t: ReturnType<typeof createTestApp>;
  let ai: ReturnType<typeof createTestApp>;
  const voicesUsed: string[] = [];
  let premium: string;
  let free: string;

  const caller = (app: ReturnType<typeof createTestApp>) => (path: string, token: string | null, init: RequestInit = {}) =>
    app.app.request(new URL(path, billingOn.PUBLIC_URL).href, {
      ...init,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  const call = (path: string, token: string | null, init: RequestInit = {}) => caller(t)(path, token, init);
  const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
  const register = async (email: string, isPremium: boolean) => {
    const res = await call('/api/auth/register', null, send('POST', { email, password: 'secret123' }));
    const { token } = (await res.json()) as { token: string };
    if (isPremium) await setSubscriptionStatus(ctx.db, email, 'active');
    return token!;
  };
  const untilDone = (app: ReturnType<typeof createTestApp>, id: string, token: string, statuses = ['ready', 'failed']) =>
    waitFor(
      async () => podcastSchema.parse(await (await caller(app)(`/api/podcasts/${id}`, token)).json()),
      (p) => statuses.includes(p.status),
      // A safety net: three minutes of speech take a loaded machine minutes to make.
      UNTIL_DONE_MS,
    );
  const transcript = async (app: ReturnType<typeof createTestApp>, id: string, token: string) =>
    transcriptSchema.parse(await (await caller(app)(`/api/podcasts/${id}/transcript.json`, token)).json());

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chatReply: fakeScriptReply() });
    t = createTestApp(ctx, { config: testConfig(billingOn) });
    const espeak = createEspeakEngine();
    const recording = recordingVoices(espeak, (voice) => voicesUsed.push(voice));
    const config = testConfig({ ...billingOn, OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.url });
    ai = createTestApp(ctx, {
      config,
      auth: t.deps.auth,
      speech: recording,
      scriptWriter: createScriptWriter({ apiKey: FAKE_OPENAI_KEY, baseUrl: fake.url, model: undefined, logger: createLogger('silent'), timeoutMs: 10_000 }),
    });
    // One runner: both apps share the database, and a job runs with the writer and voice of the
    // runner that claims it. Read mode reads the article whatever the writer.
    ai.deps.jobs.start();
    premium = await register(`modes-premium-${ctx.kind}@example.com`, true);
    free = await register(`modes-free-${ctx.kind}@example.com`, false);
  });
  afterAll(async () => {
    await Promise.all([t.deps.jobs.stop?.(), ai.deps.jobs.stop?.()]);
    await fake.close();
  });

  it('tells clients whether an AI writes the scripts and which mode it picks when none is asked', async () => {
    const without = capabilitiesSchema.parse(await (await call('/api/capabilities', null)).json());
    expect(without).toMatchObject({ aiWriter: false, defaultMode: 'read' });
    const withAi = capabilitiesSchema.parse(await (await caller(ai)('/api/capabilities', null)).json());
    expect(withAi).toMatchObject({ aiWriter: true, defaultMode: 'podcast' });
  });

  it('refuses a mode or length outside the allowed values with the reason, storing nothing', async () => {
    const before = (await (await call('/api/podcasts', free)).json()) as { podcasts: Podcast[] };
    const cases: [unknown, string][] = [
      [{ ...article, mode: 'sing' }, MODE_MESSAGES.invalidMode],
      [{ ...article, mode: 'podcast', minutes: 2 }, MODE_MESSAGES.invalidMinutes],
      [{ ...article, mode: 'podcast', minutes: 61 }, MODE_MESSAGES.invalidMinutes],
      [{ ...article, mode: 'conversation', minutes: 4.5 }, MODE_MESSAGES.invalidMinutes],
      [{ ...article, mode: 'read', minutes: 5 }, MODE_MESSAGES.minutesNotForMode],
      [{ ...article, mode: 'brief', minutes: 5 }, MODE_MESSAGES.minutesNotForMode],
    ];
    for (const [body, message] of cases) {
      const res = await call('/api/podcasts', free, send('POST', body));
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(await res.json()).error.message).toContain(message);
    }
    const after = (await (await call('/api/podcasts', free)).json()) as { podcasts: Podcast[] };
    expect(after.podcasts.length).toBe(before.podcasts.length);
  });

  it('keeps the member\'s default mode, minutes and speed, and makes podcasts in that mode', async () => {
    expect((await call('/api/auth/me/preferences', null, send('PATCH', { defaultMode: 'read' }))).status).toBe(401);
    expect((await call('/api/auth/me/preferences', free, send('PATCH', { playbackRate: 1.1 }))).status).toBe(400);
    expect((await call('/api/auth/me/preferences', free, send('PATCH', { defaultMinutes: 2 }))).status).toBe(400);
    // With no AI configured, a podcast is read by default.
    const read = podcastSchema.parse(await (await call('/api/podcasts', free, send('POST', article))).json());
    expect(read).toMatchObject({ mode: 'read', minutes: null });

    const res = await call('/api/auth/me/preferences', free, send('PATCH', { defaultMode: 'podcast', defaultMinutes: 5, playbackRate: 1.5 }));
    expect(preferencesResponseSchema.parse(await res.json()).preferences).toEqual({ defaultMode: 'podcast', defaultMinutes: 5, playbackRate: 1.5, defaultFocus: null, defaultLanguage: null });
    const me = authResponseSchema.parse(await (await call('/api/auth/me', free)).json()).user!;
    expect(me).toMatchObject({ defaultMode: 'podcast', defaultMinutes: 5, playbackRate: 1.5 });
    const made = podcastSchema.parse(await (await call('/api/podcasts', free, send('POST', article))).json());
    expect(made).toMatchObject({ mode: 'podcast', minutes: 5 });
    // Only the fields sent change; null clears one.
    await call('/api/auth/me/preferences', free, send('PATCH', { defaultMode: null }));
    const after = authResponseSchema.parse(await (await call('/api/auth/me', free)).json()).user!;
    expect(after).toMatchObject({ defaultMode: null, defaultMinutes: 5, playbackRate: 1.5 });
  });

  it('estimates the words, length, language and title of a page without making a podcast', async () => {
    const voices = voicesResponseSchema.parse(await (await call('/api/voices', free)).json());
    const rate = voices.voices.find((v) => v.id === 'en-us')!.wordsPerMinute;
    expect(rate).toBeGreaterThan(100);
    const res = await call('/api/podcasts/estimate', free, send('POST', { title: longArticle.title, text: longArticle.text, mode: 'read' }));
    expect(res.status).toBe(200);
    const estimate = estimateResponseSchema.parse(await res.json());
    expect(estimate).toMatchObject({ language: 'en', title: longArticle.title });
    expect(estimate.words).toBe(40 * 32);
    // Read from the text as the voice gets it, with its pauses: plain prose is close to words at the voice's rate.
    expect(Math.abs(estimate.estimatedSeconds / ((estimate.words / rate) * 60) - 1)).toBeLessThan(0.15);
    const brief = estimateResponseSchema.parse(await (await call('/api/podcasts/estimate', free, send('POST', { ...longArticle, mode: 'brief' }))).json());
    expect(brief.estimatedSeconds).toBe(120);
    expect((await call('/api/podcasts/estimate', free, send('POST', { ...longArticle, mode: 'read', minutes: 5 }))).status).toBe(400);
  });

  it('reads every line of the article in read mode, headings as chapters, each cue with its line', async () => {
    const created = podcastSchema.parse(await (await call('/api/podcasts', free, send('POST', { ...article, mode: 'read' }))).json());
    const done = await untilDone(t, created.id, free);
    expect(done.status).toBe('ready');
    const { cues } = await transcript(t, created.id, free);
    const said = cues.map((c) => c.text).join(' ');
    for (const line of article.text.split('\n')) expect(said).toContain(line);
    expect(cues.find((c) => c.chapter)?.chapter).toBe('A short history');
    expect(cues.filter((c) => c.sourceParagraph !== undefined).map((c) => c.sourceParagraph)).toEqual([0, 1, 2, 3]);
  });

  it('drafts a Premium script, refuses an empty edit, and voices the edited one', async () => {
    expect((await call('/api/podcasts', free, send('POST', { ...article, draft: true }))).status).toBe(403);
    const created = podcastSchema.parse(await (await call('/api/podcasts', premium, send('POST', { ...article, mode: 'brief', draft: true }))).json());
    const drafted = await untilDone(t, created.id, premium, ['drafted', 'failed']);
    expect(drafted).toMatchObject({ status: 'drafted', audioUrl: null });
    const script = scriptResponseSchema.parse(await (await call(`/api/podcasts/${created.id}/script`, premium)).json());
    expect(script.script.trim()).not.toBe('');
    expect(drafted.hasScript).toBe(true);

    const empty = await call(`/api/podcasts/${created.id}/script`, premium, send('PUT', { script: '  \n ' }));
    expect(empty.status).toBe(400);
    expect(errorBodySchema.parse(await empty.json()).error.message).toBe('The script cannot be empty.');
    expect((await call(`/api/podcasts/${created.id}/script`, free, send('PUT', { script: 'Mine now.' }))).status).toBe(403);

    const edited = 'Welcome to the edited harbour.\nThis line was written by the member.';
    const saved = podcastSchema.parse(await (await call(`/api/podcasts/${created.id}/script`, premium, send('PUT', { script: edited }))).json());
    expect(saved).toMatchObject({ scriptEdited: true, hasScript: true, status: 'drafted' });
    const scriptNow = async () => scriptResponseSchema.parse(await (await call(`/api/podcasts/${created.id}/script`, premium)).json()).script;
    expect(await scriptNow()).toBe(edited);
    await call(`/api/podcasts/${created.id}/voice`, premium, send('POST', { voice: 'en-gb' }));
    const ready = await untilDone(t, created.id, premium);
    expect(ready).toMatchObject({ status: 'ready', voice: 'en-gb' });
    expect(await scriptNow()).toBe(edited);
    const { cues } = await transcript(t, created.id, premium);
    expect(cues.map((c) => c.text)).toEqual(['Welcome to the edited harbour.', 'This line was written by the member.']);
  });

  it('speaks a 3-minute conversation in two voices taking turns, its transcript naming them, within 15%', async () => {
    voicesUsed.length = 0;
    const res = await caller(ai)('/api/podcasts', premium, send('POST', { ...longArticle, mode: 'conversation', minutes: 3 }));
    const created = podcastSchema.parse(await res.json());
    const done = await untilDone(ai, created.id, premium);
    expect(done.status).toBe('ready');
    expect(new Set(voicesUsed)).toEqual(new Set(['en-us', 'en-us-female']));
    const { cues } = await transcript(ai, created.id, premium);
    expect(new Set(cues.map((c) => c.speaker))).toEqual(new Set(CONVERSATION_HOSTS));
    const turns = cues.map((c) => c.speaker).filter((s, i, all) => i === 0 || s !== all[i - 1]);
    expect(turns.length).toBeGreaterThan(4);
    expect(Math.abs(done.durationSeconds! - 180) / 180).toBeLessThanOrEqual(0.15);
  }, UNTIL_DONE_MS + 60_000);

  it('speaks a 3-minute podcast within 15% of 3 minutes', async () => {
    const res = await caller(ai)('/api/podcasts', premium, send('POST', { ...longArticle, mode: 'podcast', minutes: 3 }));
    const created = podcastSchema.parse(await res.json());
    const done = await untilDone(ai, created.id, premium);
    expect(done).toMatchObject({ status: 'ready', fallbackReason: null, mode: 'podcast', minutes: 3 });
    expect(Math.abs(done.durationSeconds! - 180) / 180).toBeLessThanOrEqual(0.15);
  }, UNTIL_DONE_MS + 60_000);
});
