/**
 * A member's own pronunciations through the API as clients use it: the list saved and read back,
 * every limit refused whole with the entry named while the saved list stays, another member and a
 * visitor untouched; `POST /api/speech-text` for a visitor and a member; an episode made after saving
 * voiced with the spoken forms while its transcript keeps the words as written; "Hear it"'s MP3; and
 * the list gone with the account.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/api/error.ts';
import { podcastSchema } from '../../shared/api/podcasts.ts';
import { savedPronunciationsSchema, speechTextResponseSchema } from '../../shared/api/pronunciations.ts';
import { transcriptSchema } from '../../shared/api/transcript.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { SPEECH_TEXTS_PER_HOUR } from '../use-cases/read-speech-text.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { deleteAccount, pronunciationListsOf, userByEmail } from '../test/rows.ts';
import { waitFor } from '../test/wait.ts';

/** A voice that keeps what it was asked to say and answers with a tenth of a second of tone. */
function listeningVoice(heard: string[]): SpeechEngine {
  return {
    name: 'espeak',
    sampleRate: 22_050,
    maxChunkChars: 2_000,
    defaultVoice: 'en-us',
    voices: async () => [{ id: 'en-us', name: 'English', premium: false }],
    close: async () => {},
    async *synthesize(text) {
      heard.push(text);
      yield Int16Array.from({ length: 2_205 }, (_, i) => Math.round(8_000 * Math.sin(i / 8)));
    },
  };
}

const LIST = [
  { written: 'Nginx', spoken: 'engine X' },
  { written: 'Saoirse', spoken: 'Seer-sha' },
  { written: 'kubernetes', spoken: 'koo-ber-net-eez' },
  { written: 'Paris', spoken: 'Pah-ree', lang: 'fr' },
];

describeEachDatabase('a member’s pronunciations', (ctx) => {
  const heard: string[] = [];
  let t: ReturnType<typeof createTestApp>;
  const tokens: Record<string, string> = {};
  const emailOf = (who: string) => `${who}-pron-${ctx.kind}@example.com`;
  const call = (who: string | null, path: string, method = 'GET', body?: unknown) =>
    t.app.request(new URL(path, 'https://pagecast.test').href, {
      method,
      headers: { ...(who ? { Authorization: `Bearer ${tokens[who]}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const listOf = async (who: string) => {
    const res = await call(who, '/api/pronunciations');
    expect(res.status).toBe(200);
    return savedPronunciationsSchema.parse(await res.json()).entries;
  };
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return errorBodySchema.parse(await res.json()).error;
  };

  beforeAll(async () => {
    t = createTestApp(ctx, { config: testConfig({ PUBLIC_URL: 'https://pagecast.test' }), speech: listeningVoice(heard) });
    for (const who of ['ann', 'bob']) {
      const res = await call(null, '/api/auth/register', 'POST', { email: emailOf(who), password: 'secret123' });
      tokens[who] = ((await res.json()) as { token: string }).token;
    }
  });
  afterAll(async () => {
    await t.deps.jobs.stop();
  });

  it('answers 401 signed out, and saves and reads back a member’s list, tidied', async () => {
    expect((await call(null, '/api/pronunciations')).status).toBe(401);
    expect((await call(null, '/api/pronunciations', 'PUT', { entries: LIST })).status).toBe(401);
    expect(await listOf('ann')).toEqual([]);

    const res = await call('ann', '/api/pronunciations', 'PUT', { entries: [...LIST, { written: '  New   York ', spoken: 'Noo Yawk', lang: 'EN' }] });
    expect(res.status).toBe(200);
    const saved = [...LIST, { written: 'New York', spoken: 'Noo Yawk', lang: 'en' }];
    expect(savedPronunciationsSchema.parse(await res.json()).entries).toEqual(saved);
    expect(await listOf('ann')).toEqual(saved);
    expect(await listOf('bob')).toEqual([]);
  });

  it.each([
    ['too many entries', Array.from({ length: 501 }, (_, i) => ({ written: `word${i + 1}`, spoken: 'w' })), 'Entry 501 ("word501") is one too many: a list holds at most 500 entries.'],
    ['a written form too long', [...LIST, { written: 'x'.repeat(101), spoken: 'ex' }], `Entry 5 ("${'x'.repeat(39)}…"): the written form is too long: at most 100 characters.`],
    ['a spoken form too long', [{ written: 'Nginx', spoken: 'e'.repeat(201) }], 'Entry 1 ("Nginx"): the spoken form is too long: at most 200 characters.'],
    ['an empty written form', [...LIST, { written: '  ', spoken: 'nothing' }], 'Entry 5: the written form is missing.'],
    ['an empty spoken form', [{ written: 'Nginx', spoken: '' }], 'Entry 1 ("Nginx"): the spoken form is missing.'],
    ['a line break', [{ written: 'Nginx', spoken: 'engine\nX' }], 'Entry 1 ("Nginx"): the spoken form may not hold line breaks or control characters.'],
    ['a language that is no code', [{ written: 'Nginx', spoken: 'engine X', lang: 'English' }], 'Entry 1 ("Nginx"): the language must be a code such as en, de or fr, or none for every language.'],
    ['the same form twice', [...LIST, { written: 'Nginx', spoken: 'en-jinx' }], 'Entry 5 ("Nginx") repeats entry 1.'],
  ])('refuses a list with %s whole, naming the entry and the limit, and keeps the saved one', async (_name, entries, message) => {
    const before = await listOf('ann');
    expect(before.length).toBeGreaterThan(0);
    expect((await refusal(await call('ann', '/api/pronunciations', 'PUT', { entries }))).message).toBe(message);
    expect(await listOf('ann')).toEqual(before);
  });

  it('takes exactly 500 entries of the longest forms', async () => {
    const entries = Array.from({ length: 500 }, (_, i) => ({ written: `${'w'.repeat(96)}${i.toString().padStart(4, '0')}`, spoken: 's'.repeat(200) }));
    expect((await call('bob', '/api/pronunciations', 'PUT', { entries })).status).toBe(200);
    expect(await listOf('bob')).toHaveLength(500);
    expect((await call('bob', '/api/pronunciations', 'PUT', { entries: [] })).status).toBe(200);
    expect(await listOf('bob')).toEqual([]);
  });

  it('answers what the voice is given: the caller’s list for a member, none for a visitor or another member', async () => {
    const text = 'Saoirse moved 3 Kubernetes clusters to Nginx. The word nginx stays.';
    const asked = async (who: string | null, lang = 'en') => {
      const res = await call(who, '/api/speech-text', 'POST', { text, lang });
      expect(res.status).toBe(200);
      return speechTextResponseSchema.parse(await res.json()).text;
    };
    expect(await asked('ann')).toBe('Seer-sha moved three koo-ber-net-eez clusters to engine X.\nThe word nginx stays.');
    const plain = 'Saoirse moved three Kubernetes clusters to Nginx.\nThe word nginx stays.';
    expect(await asked(null)).toBe(plain);
    expect(await asked('bob')).toBe(plain);
    // Paris has its own form only in French
    const paris = async (lang: string) => speechTextResponseSchema.parse(await (await call('ann', '/api/speech-text', 'POST', { text: 'Paris.', lang })).json()).text;
    expect(await paris('fr')).toBe('Pah-ree.');
    expect(await paris('en')).toBe('Paris.');
  });

  it('refuses a speech text too long or without a language, clearly', async () => {
    const tooLong = await refusal(await call(null, '/api/speech-text', 'POST', { text: 'a '.repeat(2_501), lang: 'en' }));
    expect(tooLong.message).toBe('The text is too long: at most 5,000 characters.');
    expect((await refusal(await call(null, '/api/speech-text', 'POST', { text: 'Hello.' }))).message).toBe('The language is missing: a code such as en, de or fr.');
    expect((await refusal(await call(null, '/api/speech-text', 'POST', { text: 'Hello.', lang: 'english!' }))).message).toBe('The language must be a code such as en, de or fr.');
  });

  it.each(['read', 'podcast', 'conversation'])('voices a %s episode made after saving with the spoken forms, while its transcript keeps the words as written', async (mode) => {
    t.deps.jobs.start();
    heard.length = 0;
    const article = {
      title: 'Running Nginx',
      text: 'Saoirse runs Nginx on Kubernetes at home.\nShe says Nginx is quick, and nginx.conf is short.',
      sourceUrl: `https://example.com/nginx-${mode}`,
      mode,
    };
    const created = podcastSchema.parse(await (await call('ann', '/api/podcasts', 'POST', article)).json());
    await waitFor(async () => podcastSchema.parse(await (await call('ann', `/api/podcasts/${created.id}`)).json()), (p) => p.status === 'ready' || p.status === 'failed');
    const said = heard.join(' ');
    expect(said).toContain('Seer-sha runs engine X on koo-ber-net-eez at home.');
    expect(said).toContain('She says engine X is quick');
    expect(said).not.toMatch(/Nginx|Saoirse|Kubernetes/);
    const transcript = transcriptSchema.parse(await (await call('ann', `/api/podcasts/${created.id}/transcript.json`)).json());
    const shown = transcript.cues.map((c) => c.text).join(' ');
    expect(shown).toContain('Saoirse runs Nginx on Kubernetes at home.');
    expect(shown).not.toMatch(/Seer-sha|engine X|koo-ber/);
  });

  it('speaks "Hear it" as an MP3 in the member’s voice with their list; members only, and briefly', async () => {
    heard.length = 0;
    const res = await call('ann', '/api/speech-text/audio', 'POST', { text: 'Nginx, said Saoirse.', lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = new Uint8Array(await res.arrayBuffer());
    expect(mp3.length).toBeGreaterThan(1_000);
    expect(mp3[0]).toBe(0xff); // an MPEG frame's sync
    expect(heard).toEqual(['engine X, said Seer-sha.']);

    expect((await call(null, '/api/speech-text/audio', 'POST', { text: 'Hello.', lang: 'en' })).status).toBe(401);
    const long = await refusal(await call('ann', '/api/speech-text/audio', 'POST', { text: 'word '.repeat(101), lang: 'en' }));
    expect(long.message).toBe('The text to hear is too long: at most 500 characters.');
  });

  it('counts speech texts per member an hour: past the allowance a 429 says when to come back, and others go on', async () => {
    const ask = (who: string | null) => call(who, '/api/speech-text', 'POST', { text: 'Hi.', lang: 'en' });
    // Ann has asked a few already; her next ones up to the allowance pass, one more is refused.
    let allowed = 0;
    // in batches at once: the count is taken atomically, so parallel asks cannot slip past it
    for (let i = 0; i < SPEECH_TEXTS_PER_HOUR; i += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => ask('ann')));
      allowed += answers.filter((r) => r.status === 200).length;
    }
    expect(allowed).toBeGreaterThan(SPEECH_TEXTS_PER_HOUR - 10);
    const refused = await ask('ann');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(await refused.json()).error.message).toMatch(/^Too many speech texts asked for in the last hour\. Try again in /);
    expect((await ask('bob')).status).toBe(200);
  });

  it('goes with the account', async () => {
    const ann = (await userByEmail(ctx.db, emailOf('ann')))!;
    expect(await pronunciationListsOf(ctx.db, ann.id)).toBe(1);
    await deleteAccount(ctx.db, ann.id);
    expect(await pronunciationListsOf(ctx.db, ann.id)).toBe(0);
  });
});
