/**
 * The AI modes against the local OpenAI-compatible server: a long article is written outline first,
 * then section by section, every paragraph reaching some request and every request within the
 * model's context; the asked length reaches the prompts and a draft off its length gets a follow-up;
 * a conversation's lines alternate its two named hosts; a failed AI falls back at the asked length.
 * And with any model: the local server also plays one that writes its own fixed size, one that
 * answers in Markdown with a preamble and greets in every part, one that writes in another language,
 * one that refuses, one that answers with nothing, a stream cut halfway and a slow first token. Each
 * time the episode has one welcome and one thanks, nothing but the script is spoken, its length is
 * the minutes asked or the podcast says why, every paragraph reaches the model, and the requests stay
 * within the model's context and the plan's count.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_SETTINGS } from '../../../shared/constants.ts';
import { FALLBACK_THANKS, FALLBACK_WELCOME } from '../../../shared/text/fallback.ts';
import type { Logger } from '../../lib/logger.ts';
import { CONVERSATION_HOSTS, estimateSeconds, maxRequests, planScript } from '../../pipeline/script-plan.ts';
import {
  DEFAULT_FAKE_BEHAVIOUR,
  FAKE_OPENAI_KEY,
  fakeScriptReply,
  startFakeOpenAi,
  type FakeChatRequest,
  type FakeOpenAi,
} from '../../test/fake-openai.ts';
import { MODEL_BEHAVIOURS } from '../../test/model-behaviours.ts';
import { createFallbackScriptWriter } from './fallback-writer.ts';
import { LENGTH_TOLERANCE, MIN_SECTION_WORDS } from './long-form.ts';
import { CONTEXT_TOKENS, estimateTokens } from './mode-prompts.ts';
import { createScriptWriter } from './openai-writer.ts';
import { paceOf } from './spoken-length.ts';
import { countWords, parseScript } from './script-format.ts';
import type { PodcastMode } from '../../../shared/constants.ts';
import type { ScriptSentence, ScriptWriter } from './types.ts';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet };
const WPM = 200;

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ chatReply: fakeScriptReply() });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({ ...DEFAULT_FAKE_BEHAVIOUR, chatReply: fakeScriptReply() });
});

const writer = () => createScriptWriter({ apiKey: FAKE_OPENAI_KEY, baseUrl: fake.url, model: undefined, logger: quiet, timeoutMs: 5000, maxRetries: 0 });

/** An article of `sections` headed sections of `paragraphs` paragraphs, each paragraph opening with its own marker word. */
function longArticle(sections: number, paragraphs: number, wordsEach: number) {
  const lines: string[] = [];
  const markers: string[] = [];
  for (let s = 0; s < sections; s++) {
    lines.push(`Heading number ${s + 1}`);
    for (let p = 0; p < paragraphs; p++) {
      const marker = `marker${s}x${p}`;
      markers.push(marker);
      const words = Array.from({ length: wordsEach - 1 }, (_, i) => (i % 12 === 11 ? 'river.' : i % 12 === 0 ? 'The' : 'water'));
      lines.push(`${marker} ${words.join(' ')}.`);
    }
  }
  return { title: 'A very long article', text: lines.join('\n'), markers };
}

async function write(
  article: { title: string; text: string },
  mode: PodcastMode,
  minutes: number | null,
  language = 'en',
  scriptWriter: ScriptWriter = writer(),
) {
  const plan = planScript({ mode, minutes, language, text: article.text, lines: null, byline: null, wordsPerMinute: WPM });
  const stream = scriptWriter.stream(article, { plan });
  const sentences: ScriptSentence[] = [];
  let piecesBeforeFirst: number | null = null;
  for await (const sentence of stream.sentences) {
    piecesBeforeFirst ??= piecesSent();
    sentences.push(sentence);
  }
  return { plan, sentences, result: await stream.result, piecesBeforeFirst: piecesBeforeFirst! };
}

/** The pieces of streamed answers the fake has sent so far. */
const piecesSent = () => fake.requests.reduce((n, r) => n + (r.stream?.sent ?? 0), 0);
const chats = () => fake.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body as FakeChatRequest);
const userText = (b: FakeChatRequest) => b.messages.at(-1)!.content;
const askedWords = (b: FakeChatRequest) => Number(/about (\d+) words/.exec(userText(b))?.[1] ?? NaN);
const spokenWords = (sentences: ScriptSentence[]) => sentences.reduce((n, s) => n + countWords(s.text), 0);
/** The script's words as the plan counts them: weighed by their pace against the article's (a plainer word takes less time). */
const timedWords = (sentences: ScriptSentence[], article: { text: string }) => {
  const text = sentences.map((s) => s.text).join(' ');
  return (countWords(text) * paceOf(text)) / paceOf(article.text);
};

describe('podcast mode on a 12,000-word article', () => {
  it('asks an outline, then every section: together the requests carry every paragraph, each within the context', async () => {
    const article = longArticle(10, 6, 200); // 60 paragraphs of 200 words
    expect(countWords(article.text)).toBeGreaterThanOrEqual(12_000);
    const { plan, sentences, result } = await write(article, 'podcast', 10);

    const bodies = chats().filter((b) => (b.max_tokens ?? 0) > 50);
    expect(userText(bodies[0]!)).toMatch(/Group them into \d+ sections[\s\S]*Answer with exactly \d+ lines/);
    const sections = bodies.filter((b) => /Write (part|the whole)/.test(userText(b)));
    expect(sections.length).toBeGreaterThan(1);
    const sent = bodies.map(userText).join('\n');
    for (let s = 0; s < 10; s++) for (let p = 0; p < 6; p++) expect(sent).toContain(`marker${s}x${p}`);
    for (const body of chats()) {
      expect(body.max_tokens).toBeLessThanOrEqual(AI_SETTINGS.script.maxTokens);
      const prompt = body.messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);
      expect(prompt + body.max_tokens!).toBeLessThanOrEqual(CONTEXT_TOKENS);
    }
    // The asked minutes, as words at the voice's rate (for words like the article's: paceOf); the first
    // section is asked its share of them less the frame's, the next at the pace the model writes.
    expect(plan.targetWords).toBe(Math.round((10 * WPM) / paceOf(article.text)));
    expect(Math.abs(timedWords(sentences, article) - plan.targetWords!)).toBeLessThanOrEqual(plan.targetWords! * 0.15);
    // Sections are chapters; one script, as stored, names them.
    expect(sentences.filter((s) => s.chapter).length).toBe(sections.length);
    expect(result.script.split('\n').filter((l) => l.startsWith('# '))).toHaveLength(sections.length);
    expect(result.fallbackReason).toBeNull();
    // The episode welcomes and thanks once, itself; no section is asked to.
    expect(sentences[0]!.text).toBe('Welcome to this episode.');
    expect(sentences.at(-1)!.text).toBe(FALLBACK_THANKS);
    expect(sections.every((b) => userText(b).includes('do not welcome the listeners, say goodbye or thank them'))).toBe(true);
  });

  it('asks twice the words for twice the minutes', async () => {
    const article = longArticle(4, 6, 200);
    await write(article, 'podcast', 5);
    const five = chats().filter((b) => /Write (part|the whole)/.test(userText(b))).reduce((n, b) => n + askedWords(b), 0);
    fake.requests.length = 0;
    await write(article, 'podcast', 10);
    const ten = chats().filter((b) => /Write (part|the whole)/.test(userText(b))).reduce((n, b) => n + askedWords(b), 0);
    expect(Math.abs(ten / five - 2)).toBeLessThanOrEqual(0.05);
  });
});

describe('a draft off its length', () => {
  const article = longArticle(1, 6, 200);

  it('too short: a follow-up asks for the length, and its answer is kept', async () => {
    fake.setBehaviour({ chatReply: fakeScriptReply({ scale: 0.5 }) });
    const { plan, sentences } = await write(article, 'podcast', 3);
    const followUps = chats().filter((b) => /This draft has \d+ words; it must have about \d+ words\. Rewrite it longer/.test(userText(b)));
    expect(followUps.length).toBeGreaterThan(0);
    expect(Math.abs(spokenWords(sentences) - plan.targetWords!)).toBeLessThanOrEqual(plan.targetWords! * 0.15);
  });

  it('too long: a follow-up asks to shorten it; still too long, it is cut at a sentence end', async () => {
    fake.setBehaviour({ chatReply: fakeScriptReply({ scale: 2, followUpScale: 1.8 }) });
    const { plan, sentences } = await write(article, 'podcast', 3);
    expect(chats().some((b) => /Rewrite it shorter/.test(userText(b)))).toBe(true);
    expect(timedWords(sentences, article)).toBeLessThanOrEqual(Math.round(plan.targetWords! * (1 + LENGTH_TOLERANCE)) + 10);
    expect(sentences.every((s) => /[.!?]$/.test(s.text))).toBe(true);
  });
});

describe('conversation mode', () => {
  it('names its two hosts on every line, in turn, and the stored script keeps the names', async () => {
    const { sentences, result } = await write(longArticle(2, 4, 150), 'conversation', 3);
    const speakers = sentences.map((s) => s.speaker);
    expect(new Set(speakers)).toEqual(new Set(CONVERSATION_HOSTS));
    const turns = speakers.filter((s, i) => i === 0 || s !== speakers[i - 1]);
    turns.forEach((s, i) => i > 0 && expect(s).not.toBe(turns[i - 1]));
    expect(chats().some((b) => b.messages[0]!.content.includes('two hosts, Alex and Sam'))).toBe(true);
    expect(parseScript(result.script, CONVERSATION_HOSTS).map((s) => s.speaker)).toEqual(speakers);
  });
});

describe('when the AI fails', () => {
  const article = {
    title: 'Ten paragraphs',
    text: Array.from({ length: 10 }, (_, i) => `Paragraph ${i + 1} has exactly ten words in it, no more.`).join('\n'),
  };

  it('brief mode reads the spec\'s five paragraphs between the welcome and the thanks, and says why', async () => {
    fake.setBehaviour({ chatFault: 'server-error' });
    const { result } = await write(article, 'brief', null);
    expect(result.script.split('\n')).toEqual([FALLBACK_WELCOME, ...article.text.split('\n').slice(0, 5), FALLBACK_THANKS]);
    expect(result.fallbackReason).toMatch(/internal error/);
  });

  it('an article in another language is read with the welcome and thanks in its language', async () => {
    fake.setBehaviour({ chatFault: 'server-error' });
    const french = { title: 'Dix paragraphes', text: Array.from({ length: 10 }, (_, i) => `Le paragraphe ${i + 1} compte exactement dix mots, pas un de plus.`).join('\n') };
    const { result } = await write(french, 'brief', null, 'fr');
    expect(result.script.split('\n')).toEqual([
      'Bienvenue dans cet épisode. Voici ce que dit l’article.',
      ...french.text.split('\n').slice(0, 5),
      'Merci de votre écoute !',
    ]);
  });

  it('podcast mode reads as many paragraphs as fit the asked minutes', async () => {
    fake.setBehaviour({ chatFault: 'server-error' });
    const long = { title: 'Many', text: Array.from({ length: 200 }, (_, i) => `Paragraph ${i + 1} has exactly ten words in it, no more.`).join('\n') };
    const { plan, result } = await write(long, 'podcast', 3);
    const words = countWords(result.script);
    expect(Math.abs(words - plan.targetWords!)).toBeLessThanOrEqual(plan.targetWords! * 0.15);
    expect(result.fallbackReason).toMatch(/internal error/);
  });
});

describe('a short article', () => {
  it('is never padded: the budget is the article\'s length and the episode says it is short', async () => {
    const article = { title: 'Short', text: Array.from({ length: 20 }, () => 'This short article has exactly ten words in every line.').join('\n') };
    const { plan, sentences } = await write(article, 'podcast', 60);
    expect(plan.targetWords).toBe(200);
    // Said after the welcome.
    expect(sentences.slice(0, 3).map((s) => s.text)).toEqual([
      'Welcome to this episode.',
      'Here is what the article has to say.',
      'The article is short, so this episode runs about 1 minute rather than the 60 asked.',
    ]);
    expect(spokenWords(sentences)).toBeLessThanOrEqual(200 * 1.15 + 30);
  });

  it('says so once when the AI then fails, and not at all in another language', async () => {
    const article = { title: 'Short', text: Array.from({ length: 20 }, () => 'This short article has exactly ten words in every line.').join('\n') };
    fake.setBehaviour({ chatFault: 'server-error' });
    const { sentences } = await write(article, 'podcast', 60);
    expect(sentences.filter((s) => s.text.startsWith('The article is short'))).toHaveLength(1);
    // Within the words asked, the template reads the article whole.
    expect(sentences.filter((s) => s.text === 'This short article has exactly ten words in every line.')).toHaveLength(20);
    const french = { title: 'Court', text: Array.from({ length: 20 }, () => 'Cet article court compte exactement dix mots à chaque ligne.').join('\n') };
    const { plan, sentences: inFrench } = await write(french, 'podcast', 60, 'fr');
    expect(plan.note).toBeUndefined();
    expect(inFrench.map((s) => s.text).join(' ')).not.toMatch(/The article is short|Welcome|Thanks for listening/);
    expect(inFrench[0]!.text).toBe('Bienvenue dans cet épisode.');
  });
});

const spoken = (sentences: ScriptSentence[]) => sentences.map((s) => s.text).join(' ');
const sectionRequests = () => chats().filter((b) => /Write (?:part|the whole)/.test(userText(b)));

/** Every sentence of the episode that welcomes the listener, and every one that thanks them. */
const welcomes = (sentences: ScriptSentence[]) => sentences.filter((s) => /\bwelcome\b|\bhello\b/i.test(s.text));
const thanks = (sentences: ScriptSentence[]) => sentences.filter((s) => /thanks? (?:you )?for listening|see you next time/i.test(s.text));

describe.each(MODEL_BEHAVIOURS)('podcast mode, 10 minutes, with $name', ({ behaviour, tolerance, reason }) => {
  it('one welcome and one thanks, only the script spoken, the length asked or the reason, every paragraph sent, within the requests', async () => {
    fake.setBehaviour(behaviour);
    const source = longArticle(6, 5, 120);
    const { plan, sentences, result, piecesBeforeFirst } = await write(source, 'podcast', 10);

    expect(welcomes(sentences)).toHaveLength(1);
    expect(sentences[0]!.text).toBe('Welcome to this episode.');
    expect(thanks(sentences)).toHaveLength(1);
    expect(sentences.at(-1)!.text).toBe(FALLBACK_THANKS);
    // The welcome is the frame's own: it is said before the model has answered anything.
    if (behaviour.firstTokenDelayMs) expect(piecesBeforeFirst).toBe(0);

    const text = spoken(sentences);
    expect(text).not.toMatch(/#|\*|^- |\s- |`|\[|Sure!|Here is your|Let me know|Part one|---/);
    expect(text).not.toMatch(/rivière|vallée/);

    const error = Math.abs(spokenWords(sentences) - plan.targetWords!) / plan.targetWords!;
    if (reason) expect(result.fallbackReason).toMatch(reason);
    else expect(result.fallbackReason).toBeNull();
    // A stream cut halfway ends the episode there (the template stands in only before any section).
    const cut = behaviour.chatFault === 'drop-mid-stream';
    if (!cut) expect(error).toBeLessThanOrEqual(tolerance);

    const sent = chats().map(userText).join('\n');
    if (!cut) for (const marker of source.markers) expect(sent).toContain(marker);
    expect(chats().length).toBeLessThanOrEqual(maxRequests(10));
    for (const body of chats()) {
      expect(body.max_tokens).toBeLessThanOrEqual(AI_SETTINGS.script.maxTokens);
      const prompt = body.messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);
      expect(prompt + body.max_tokens!).toBeLessThanOrEqual(CONTEXT_TOKENS);
    }
  });
});

describe('sections follow the minutes asked', () => {
  it.each([
    [2_000, 1],
    [2_000, 5],
    [2_000, 20],
    [8_000, 5],
    [8_000, 60],
  ])('a %i-word article at %i minutes: sections of at least 150 words, at most minutes ÷ 1.5 + 4 requests', async (articleWords, minutes) => {
    const source = longArticle(Math.max(1, articleWords / 500), 4, 125);
    const { plan, sentences } = await write(source, 'podcast', minutes);
    const sections = sectionRequests();
    expect(sections.length).toBeGreaterThan(0);
    // A single section has the whole length, however short; several each have room.
    if (sections.length > 1) for (const body of sections) expect(askedWords(body)).toBeGreaterThanOrEqual(MIN_SECTION_WORDS);
    expect(chats().length).toBeLessThanOrEqual(Math.floor(minutes / 1.5 + 4));
    for (const marker of source.markers) expect(chats().map(userText).join('\n')).toContain(marker);
    expect(Math.abs(spokenWords(sentences) - plan.targetWords!)).toBeLessThanOrEqual(plan.targetWords! * 0.1 + 20);
  });
});

describe('an article that is one 200,000-character paragraph', () => {
  const sentence = 'The water rose along the valley and the farmers watched the fields from the bridge each morning.';
  const source = { title: 'One paragraph', text: Array.from({ length: Math.ceil(200_000 / (sentence.length + 1)) }, () => sentence).join(' ') };
  const articleWords = countWords(source.text);

  it.each([
    ['podcast', 60],
    ['podcast', 5],
    ['brief', null],
    ['conversation', 10],
  ] as const)('%s mode at %s minutes lasts what the estimate says, with and without an AI', async (mode, minutes) => {
    const pace = paceOf(source.text);
    const estimate = estimateSeconds(mode, minutes, articleWords, WPM, pace);
    for (const scriptWriter of [createFallbackScriptWriter(), writer()]) {
      const { sentences } = await write(source, mode, minutes, 'en', scriptWriter);
      // The time is the script's words at their own pace (a model's words are not the article's).
      const script = sentences.map((s) => s.text).join(' ');
      const seconds = ((spokenWords(sentences) * paceOf(script)) / WPM) * 60;
      expect(Math.abs(seconds - estimate) / estimate).toBeLessThanOrEqual(0.15);
    }
  });
});

/** A book chapter of 69 parts: prose under headings, a bulleted list, a definition list, footnotes; each part opening with its own marker. */
function chapter() {
  const lines: string[] = [];
  const kinds: string[] = [];
  const markers: string[] = [];
  const prose = (n: number) => Array.from({ length: n }, (_, i) => (i % 14 === 13 ? 'harbour.' : i % 14 === 0 ? 'The' : 'fleet')).join(' ');
  const add = (kind: string, marker: string | null, text: string) => {
    lines.push(marker ? `${marker} ${text}` : text);
    kinds.push(kind);
    if (marker) markers.push(marker);
  };
  for (let s = 0; s < 4; s++) {
    add('h', null, `Chapter part ${s + 1}`);
    for (let p = 0; p < 9; p++) add('p', `prose${s}x${p}`, `${prose(110)}.`);
    for (let i = 0; i < 4; i++) add('i', `item${s}x${i}`, 'a bulleted point about the boats');
  }
  for (let d = 0; d < 6; d++) {
    add('i', `term${d}`, 'quay');
    add('i', `definition${d}`, `${prose(24)}.`);
  }
  for (let f = 0; f < 5; f++) add('p', `footnote${f}`, `${prose(30)}.`);
  return { title: 'The Harbour Book, chapter three', text: lines.join('\n'), lines: kinds.join(''), markers };
}

describe('every part of a chapter reaches the model', () => {
  it.each([3, 5, 8, 20, 60])('at %i minutes: each prose paragraph, list item, definition and footnote is in a section request', async (minutes) => {
    const source = chapter();
    expect(source.markers.length).toBeGreaterThanOrEqual(69);
    const plan = planScript({ mode: 'podcast', minutes, language: 'en', text: source.text, lines: source.lines, byline: null, wordsPerMinute: WPM });
    const stream = writer().stream(source, { plan });
    for await (const _ of stream.sentences);
    const sent = sectionRequests().map(userText).join('\n');
    const missing = source.markers.filter((marker) => !sent.includes(marker));
    expect(missing).toEqual([]);
  });
});

describe('a tutorial whose sections are mostly code, with a model that writes 60 words a section', () => {
  it('makes up the length from its prose only, within 15% of 10 minutes, and says so', async () => {
    fake.setBehaviour({ chatReply: (MODEL_BEHAVIOURS.find((m) => m.name.includes('60 words'))!.behaviour.chatReply)! });
    const lines: string[] = [];
    const kinds: string[] = [];
    for (let s = 0; s < 12; s++) {
      lines.push(`Step ${s + 1}`);
      kinds.push('h');
      for (let p = 0; p < 8; p++) {
        lines.push(`In step ${s + 1} the service reads its settings, checks the database and writes a line to the log, which you can follow as it runs.`);
        kinds.push('p');
      }
      for (let c = 0; c < 12; c++) {
        lines.push(`const value${c} = await db.query("SELECT * FROM items WHERE id = $1", [id${c}]); // ${c}`);
        kinds.push('x');
      }
    }
    const source = { title: 'A tutorial', text: lines.join('\n') };
    const plan = planScript({ mode: 'podcast', minutes: 10, language: 'en', text: source.text, lines: kinds.join(''), byline: null, wordsPerMinute: WPM });
    const stream = writer().stream(source, { plan });
    const sentences: ScriptSentence[] = [];
    for await (const sentence of stream.sentences) sentences.push(sentence);
    const result = await stream.result;
    expect(spoken(sentences)).not.toMatch(/SELECT|await|const /);
    expect(Math.abs(spokenWords(sentences) - plan.targetWords!) / plan.targetWords!).toBeLessThanOrEqual(0.15);
    expect(result.fallbackReason).toMatch(/less than the length asked; \d+ words were read from the article to make it up/);
  });
});
