/**
 * The AI modes with any model: the local OpenAI-compatible server plays a model that does as asked,
 * one that writes its own fixed size, one that answers in Markdown with a preamble and greets in
 * every part, one that writes in another language, one that refuses, a stream cut halfway and a slow
 * first token. Each time the episode has one welcome and one thanks, nothing but the script is
 * spoken, its length is the minutes asked or the podcast says why, every paragraph of the article
 * reaches the model, and the requests stay within the model's context and the plan's count.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_SETTINGS, type PodcastMode } from '../../../shared/constants.ts';
import { FALLBACK_THANKS } from '../../../shared/text/fallback.ts';
import type { Logger } from '../../lib/logger.ts';
import { estimateSeconds, maxRequests, planScript } from '../../pipeline/script-plan.ts';
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
import { MIN_SECTION_WORDS } from './long-form.ts';
import { CONTEXT_TOKENS, estimateTokens } from './mode-prompts.ts';
import { createScriptWriter } from './openai-writer.ts';
import { countWords } from './script-format.ts';
import type { ScriptSentence, ScriptWriter } from './writer.ts';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet };
const WPM = 160;

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ chatReply: fakeScriptReply() });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({ ...DEFAULT_FAKE_BEHAVIOUR, chatReply: fakeScriptReply() });
});

const aiWriter = () => createScriptWriter({ apiKey: FAKE_OPENAI_KEY, baseUrl: fake.url, model: undefined, logger: quiet, timeoutMs: 5000, maxRetries: 0 });

/** An article of headed sections of paragraphs, each paragraph opening with its own marker word. */
function article(sections: number, paragraphs: number, wordsEach: number) {
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
  return { title: 'Along the river', text: lines.join('\n'), markers };
}

async function write(writer: ScriptWriter, source: { title: string; text: string }, mode: PodcastMode, minutes: number | null, language = 'en') {
  const plan = planScript({ mode, minutes, language, text: source.text, lines: null, byline: null, wordsPerMinute: WPM });
  const started = Date.now();
  const stream = writer.stream(source, { plan });
  const sentences: ScriptSentence[] = [];
  let firstMs: number | null = null;
  for await (const sentence of stream.sentences) {
    firstMs ??= Date.now() - started;
    sentences.push(sentence);
  }
  return { plan, sentences, result: await stream.result, firstMs: firstMs! };
}

const chats = () => fake.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body as FakeChatRequest);
const userText = (b: FakeChatRequest) => b.messages.at(-1)!.content;
const spoken = (sentences: ScriptSentence[]) => sentences.map((s) => s.text).join(' ');
const words = (sentences: ScriptSentence[]) => countWords(spoken(sentences));
const asked = (b: FakeChatRequest) => Number(/about (\d+) words/.exec(userText(b))?.[1] ?? NaN);
const sectionRequests = () => chats().filter((b) => /Write (?:part|the whole)/.test(userText(b)));

/** Every sentence of the episode that welcomes the listener, and every one that thanks them. */
const welcomes = (sentences: ScriptSentence[]) => sentences.filter((s) => /\bwelcome\b|\bhello\b/i.test(s.text));
const thanks = (sentences: ScriptSentence[]) => sentences.filter((s) => /thanks? (?:you )?for listening|see you next time/i.test(s.text));

describe.each(MODEL_BEHAVIOURS)('podcast mode, 10 minutes, with $name', ({ behaviour, tolerance, reason }) => {
  it('one welcome and one thanks, only the script spoken, the length asked or the reason, every paragraph sent, within the requests', async () => {
    fake.setBehaviour(behaviour);
    const source = article(6, 5, 120);
    const { plan, sentences, result, firstMs } = await write(aiWriter(), source, 'podcast', 10);

    expect(welcomes(sentences)).toHaveLength(1);
    expect(sentences[0]!.text).toBe('Welcome to this episode.');
    expect(thanks(sentences)).toHaveLength(1);
    expect(sentences.at(-1)!.text).toBe(FALLBACK_THANKS);
    // The welcome is the frame's own: it is said before the model has answered anything.
    if (behaviour.firstTokenDelayMs) expect(firstMs).toBeLessThan(behaviour.firstTokenDelayMs);

    const text = spoken(sentences);
    expect(text).not.toMatch(/#|\*|^- |\s- |`|\[|Sure!|Here is your|Let me know|Part one|---/);
    expect(text).not.toMatch(/rivière|vallée/);

    const error = Math.abs(words(sentences) - plan.targetWords!) / plan.targetWords!;
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
    const source = article(Math.max(1, articleWords / 500), 4, 125);
    const { plan, sentences } = await write(aiWriter(), source, 'podcast', minutes);
    const sections = sectionRequests();
    expect(sections.length).toBeGreaterThan(0);
    // A single section has the whole length, however short; several each have room.
    if (sections.length > 1) for (const body of sections) expect(asked(body)).toBeGreaterThanOrEqual(MIN_SECTION_WORDS);
    expect(chats().length).toBeLessThanOrEqual(Math.floor(minutes / 1.5 + 4));
    for (const marker of source.markers) expect(chats().map(userText).join('\n')).toContain(marker);
    expect(Math.abs(words(sentences) - plan.targetWords!)).toBeLessThanOrEqual(plan.targetWords! * 0.1 + 20);
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
    const estimate = estimateSeconds(mode, minutes, articleWords, WPM);
    for (const writer of [createFallbackScriptWriter(), aiWriter()]) {
      const { sentences } = await write(writer, source, mode, minutes);
      const seconds = (words(sentences) / WPM) * 60;
      expect(Math.abs(seconds - estimate) / estimate).toBeLessThanOrEqual(0.15);
    }
  });
});
