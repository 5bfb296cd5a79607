/**
 * An article is spoken in its own language and its words are kept as written: pages in German,
 * French and Arabic go through the real pipeline (fetch, extract, prepare, script, the embedded
 * voice) and every call to the voice uses a voice of the page's language; the transcript keeps
 * symbols, apostrophes, times and dashes while the voice receives them as words. A front page in
 * English with one teaser of a French page speaks that teaser (its title and summary) in French.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { listSegments } from '../repositories/segment-repository.ts';
import { findPodcast } from '../repositories/podcast-repository.ts';
import { createEspeakEngine } from '../machinery/speech/espeak-engine.ts';
import { espeakLanguageVoice } from '../machinery/speech/language-voices.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { voiceLike } from '../test/voices.ts';
import { GERMAN_ARTICLE_PARAGRAPHS } from '../../shared/testing/german-article.ts';
import { SAFETY_NET_MS } from '../test/wait.ts';

const LONG_GERMAN_TITLE = 'Wie die Bundesregierung die Renten im kommenden Jahr stärker erhöhen will als bisher geplant';

/** An English front page's teasers, one of them of a French page. */
const TEASERS: Array<[string, string]> = [
  ['Council votes to rebuild the harbour wall', 'The council voted on Tuesday to rebuild the old harbour wall, after a winter of storms left the fishing fleet without shelter.'],
  ['A bridge too far for the ferry company', 'The ferry company says the new bridge will cost it half its passengers, and it wants the town to pay for the loss.'],
  ['Les retraites : ce que change la réforme', "Le gouvernement a présenté le 1er mai une réforme des retraites que les syndicats jugent injuste et qu'ils promettent de combattre dans la rue."],
  ['Fishermen count the cost of the storm', 'Boats were lost, nets were torn and the market stayed shut for a week, but the fishermen say they will be back at sea by spring.'],
];
const FRONT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour News</title></head><body><main><h1>Harbour News</h1>
${TEASERS.map(([title, summary], n) => `<article><h2><a href="/story-${n}">${title}</a></h2><p>${summary}</p><div><span>${n + 2} min read</span></div></article>`).join('\n')}</main></body></html>`;

const PAGES: Record<string, { lang: string; dir?: string; title: string; paragraphs: string[] }> = {
  '/de': {
    lang: 'de',
    title: `${LONG_GERMAN_TITLE} | Tagesblatt`,
    paragraphs: [
      'Die Bundesregierung hat am 15. März 2024 beschlossen, dass die Renten stärker steigen sollen als erwartet.',
      'Die Inflation lag zuletzt bei 0,3 % und der Plan kostet 9 Mrd. € im Jahr. Die Opposition kritisierte ihn scharf.',
    ],
  },
  '/fr': {
    lang: 'fr',
    title: 'La réforme des retraites expliquée en cinq points - Le Quotidien',
    paragraphs: [
      "Le gouvernement a annoncé le 1er mai une réforme des retraites qui doit entrer en vigueur l'année prochaine.",
      "Les syndicats ont appelé à une grève nationale à 16h30 et l'opposition promet de combattre le texte à l'Assemblée.",
    ],
  },
  '/ar': {
    lang: 'ar',
    dir: 'rtl',
    title: 'الحكومة تعلن إصلاحا جديدا لنظام التقاعد',
    paragraphs: [
      'أعلنت الحكومة يوم الأربعاء عن إصلاح جديد لنظام التقاعد سيدخل حيز التنفيذ في العام المقبل.',
      'ودعت النقابات إلى إضراب وطني بينما تعهدت المعارضة بمحاربة النص في البرلمان.',
    ],
  },
  // A template that says English over a German article: the text wins.
  '/de-as-en': {
    lang: 'en',
    title: 'Neue Regeln für den Wohnungsmarkt in Berlin',
    paragraphs: [
      'Der Senat will die Mieten in der Hauptstadt für fünf Jahre begrenzen und neue Wohnungen schneller genehmigen.',
      'Vermieter und Verbände halten das Gesetz für verfassungswidrig und wollen dagegen klagen.',
    ],
  },
  // A whole German article under lang="en" (franc scores a long text close to every related language).
  '/de-article-as-en': {
    lang: 'en',
    title: 'Warum die Bahn im Winter so oft ausfällt',
    paragraphs: [...GERMAN_ARTICLE_PARAGRAPHS.slice(0, 10)],
  },
  // And the reverse: an English article under lang="de" is read in English, with English number rules.
  '/en-as-de': {
    lang: 'de',
    title: 'The quiet return of the night train',
    paragraphs: [
      'Night trains were written off a decade ago, but this winter almost every sleeper from Vienna to Brussels was sold out weeks in advance.',
      'A family that takes the couchette to Amsterdam every month spends about $60,000 over ten years, the operator says, and still it is cheaper than flying.',
      'Passengers say they like waking up in the middle of a city instead of at an airport far outside it, and they do not miss the security lines.',
      'The railways want to add new routes next year, although they admit that old carriages and a shortage of staff could slow the plan down.',
      'Some of the cars in service today were built in the seventies, and the heating fails so often that conductors hand out blankets.',
      'Still, the people who ride them every week say the slow trip is part of the point: a night of sleep, a book, and no emails until morning.',
    ],
  },
  '/en': {
    lang: 'en',
    title: 'What the Budget Means',
    paragraphs: [
      "They'll say inflation rose 0.3% in May, and the $9 billion plan that the council approved last week starts at 04:05 pm on Monday, whatever the weather.",
      'We were even — heaven help us — booyah.',
    ],
  },
};

function pageHtml({ lang, dir, title, paragraphs }: (typeof PAGES)[string]) {
  return `<!doctype html><html lang="${lang}"${dir ? ` dir="${dir}"` : ''}><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><article><h1>${title.split(/ [|-] /)[0]}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article></main></body></html>`;
}

let server: http.Server;
let host = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (!page && req.url !== '/front') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page ? pageHtml(page) : FRONT_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const espeak = createEspeakEngine();
afterAll(() => espeak.close());

describeEachDatabase('an article in its own language', (ctx) => {
  /** What the voice was asked to say, and with which voice. */
  let calls: Array<{ text: string; voice: string }> = [];
  let t: ReturnType<typeof createTestApp>;
  const who = `language-${ctx.kind}-${Date.now()}`;

  beforeAll(() => {
    const speech = voiceLike(espeak, async function* (text, options) {
      // An episode's calls carry its job's signal; a voice's rate measured beside it speaks without one.
      if (options.signal) calls.push({ text, voice: options.voice });
      yield* espeak.synthesize(text, options);
    });
    t = createTestApp(ctx, { speech, config: testConfig({ FETCH_ALLOW_HOSTS: host, ANONYMOUS_DAILY_PODCASTS: '1000' }) });
    t.deps.jobs.start();
  });
  afterAll(() => t.deps.jobs.stop());

  /** Makes a podcast of one page and waits until it is ready; answers the API's view of it. */
  const convert = async (path: string) => {
    calls = [];
    const headers = { [ANONYMOUS_TOKEN_HEADER]: who, 'Content-Type': 'application/json' };
    const res = await t.app.request('/api/podcasts', { method: 'POST', headers, body: JSON.stringify({ url: `http://${host}${path}` }) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    type View = { status: string; language: string | null; title: string };
    let view: View | undefined;
    const read = async () => (view = (await (await t.app.request(`/api/podcasts/${id}`, { headers })).json()) as View).status;
    await expect.poll(read, { timeout: SAFETY_NET_MS, interval: 100 }).toMatch(/ready|failed/);
    expect(view!.status).toBe('ready');
    return { id, view: view! };
  };

  /** The languages of the voices the engine was called with. */
  const voiceLanguages = () => [...new Set(calls.map((c) => espeakLanguageVoice(c.voice)?.language ?? c.voice))];

  it.each([
    ['/de', 'de'],
    ['/fr', 'fr'],
    ['/ar', 'ar'],
    ['/de-as-en', 'de'],
    ['/de-article-as-en', 'de'],
  ])('speaks %s with voices of its language (%s)', async (path, language) => {
    const { view } = await convert(path);
    expect(view.language).toBe(language);
    expect(calls.length).toBeGreaterThan(0);
    expect(voiceLanguages()).toEqual([language]);
  });

  it('speaks an English article whose page says lang="de" in English, with English number rules', async () => {
    const { view } = await convert('/en-as-de');
    expect(view.language).toBe('en');
    expect(voiceLanguages()).toEqual(['en-us']);
    const spoken = calls.map((c) => c.text).join(' ');
    expect(spoken).not.toContain('Dollar,');
    expect(spoken).toMatch(/(?:sixty thousand|60,?000) dollars/);
  });

  it("keeps a long page title whole, without its site's name", async () => {
    const { view } = await convert('/de');
    expect(view.title).toBe(LONG_GERMAN_TITLE);
  });

  it('reads German numbers, money and dates as German words', async () => {
    await convert('/de');
    const spoken = calls.map((c) => c.text).join(' ');
    expect(spoken).toContain('am fünfzehnten März 2024');
    expect(spoken).toContain('0,3 Prozent');
    expect(spoken).toContain('9 Milliarden Euro');
  });

  it('reads French dates and times as French words', async () => {
    await convert('/fr');
    const spoken = calls.map((c) => c.text).join(' ');
    expect(spoken).toContain('le premier mai');
    expect(spoken).toContain('à 16 heures 30');
  });

  it("speaks a front page's teaser of a French page in French, the other teasers in English", async () => {
    const { view } = await convert('/front');
    expect(view.language).toBe('en');
    const voiceOf = (words: string) => calls.filter((c) => c.text.includes(words)).map((c) => espeakLanguageVoice(c.voice)?.language ?? c.voice);
    // the French teaser's title and summary, read by French rules ("1er mai" → "premier mai")
    expect(voiceOf('Les retraites')).toEqual(['fr']);
    expect(voiceOf('syndicats')).toEqual(['fr']);
    expect(calls.find((c) => c.text.includes('syndicats'))!.text).toContain('le premier mai');
    for (const [title, summary] of TEASERS.filter(([title]) => !title.startsWith('Les'))) {
      expect(voiceOf(title)).toEqual(['en-us']);
      expect(voiceOf(summary.split(',')[0]!)).toEqual(['en-us']);
    }
  });

  it('keeps the words as written in the transcript and gives the voice them as words', async () => {
    const { id } = await convert('/en');
    const row = await findPodcast(ctx.db, id);
    const cues = (await listSegments(ctx.db, row!.audioKey!)).flatMap((s) => s.cues.map((c) => c.text));
    const transcript = cues.join(' ');
    for (const written of ["They'll", '0.3%', '$9 billion', '04:05 pm', 'even — heaven help us — booyah']) {
      expect(transcript).toContain(written);
    }
    expect(row!.content).toContain("They'll say inflation rose 0.3% in May");
    const spoken = calls.map((c) => c.text).join(' ');
    for (const said of ["They'll", 'zero point three percent', 'nine billion dollar plan', 'four oh five PM', 'even, heaven help us, booyah']) {
      expect(spoken).toContain(said);
    }
    expect(spoken).not.toMatch(/[%$]/);
    expect(voiceLanguages()).toEqual(['en-us']);
  });
});
