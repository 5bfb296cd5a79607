/**
 * Time to first audio: from `POST /api/podcasts` (the extension's body: title, text, address) until
 * segment 0 of the episode's stream is received, against article length, on a real server process
 * (embedded PGlite, a temporary DATA_DIR). The client reads the podcast every 10 ms until it has a
 * streamUrl, fetches that playlist, then segment 0 (decoded afterwards, untimed, to show it plays).
 *
 * 1. Embedded defaults: no AI (the template script), the espeak voice.
 * 2. A streaming AI: the fake OpenAI-compatible server (server/test/fake-openai.ts, in this process)
 *    answers the script at 30 pieces a second after 500 ms, as a model streams tokens. Beside the time
 *    to first audio stands the moment the first sentence's text had arrived at the server (the fake's
 *    first piece + the pieces up to the end of that sentence at the paced rate).
 *
 * The server is warmed with one small podcast first; each length is measured RUNS times (a new
 * article each time), and each podcast is deleted once measured so conversions do not overlap.
 *
 *   npm run bench -- first-audio
 */
import { pathToFileURL } from 'node:url';
import {
  FAKE_OPENAI_KEY,
  fakeReplyPieces,
  startFakeOpenAi,
  type FakeChatRequest,
  type FakeOpenAi,
  type FakeRequest,
} from '../../server/test/fake-openai.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, median, seconds, table, verdict } from './support/report.ts';
import { BenchClient, sleep, startServer, timeToFirstAudio, warmUp, type ArticleBody, type FirstAudio } from './support/server.ts';

export const ARTICLE_WORDS = [300, 1_500, 5_000, 12_000];
const RUNS = 3;
const TARGET_MS = 1_000;

const FAKE_MODEL = 'pagecast-bench-model';
const FIRST_TOKEN_DELAY_MS = 500;
const TOKENS_PER_SECOND = 30;
/** How much later than the first sentence's arrival the first audio may be. */
const AFTER_FIRST_SENTENCE_MS = 500;

const max = (values: number[]) => Math.max(...values);

async function embeddedDefaults(): Promise<void> {
  console.log('\n### 1. time to first audio: embedded defaults (template script, espeak voice)');
  const server = await startServer();
  try {
    const client = new BenchClient(server);
    await warmUp(client);
    const rows: string[][] = [];
    let met = true;
    for (const words of ARTICLE_WORDS) {
      const runs: FirstAudio[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await timeToFirstAudio(client, articleBody(words, run + 1));
        runs.push(result);
        // A deleted podcast's job stops at its next segment; let it.
        await client.remove(result.id);
        await sleep(750);
      }
      const times = runs.map((r) => r.firstAudioMs);
      met &&= max(times) <= TARGET_MS;
      rows.push([
        words.toLocaleString('en-US'),
        seconds(median(runs.map((r) => r.answeredMs))),
        seconds(median(times)),
        seconds(max(times)),
        times.map(seconds).join(' '),
        `${median(runs.map((r) => r.segmentSeconds)).toFixed(1)} s, ${(median(runs.map((r) => r.segmentBytes)) / 1024).toFixed(0)} KB`,
        verdict(max(times) <= TARGET_MS),
      ]);
    }
    for (const line of table(['words', 'POST answered (s)', 'first audio median (s)', 'max (s)', 'runs (s)', 'segment 0', '≤ 1.0 s'], rows)) {
      console.log(line);
    }
    console.log(`target: first audio ≤ ${seconds(TARGET_MS)} s at every length (max of ${RUNS} runs) — ${verdict(met)}`);
  } finally {
    await server.stop();
  }
}

/** The article inside the script prompt: its title and paragraphs. */
function promptArticle(request: FakeChatRequest): { title: string; paragraphs: string[] } {
  const content = request.messages.at(-1)?.content ?? '';
  const match = /<article>\s*Title: (.*)\n([\s\S]*?)<\/article>/.exec(content);
  return {
    title: match?.[1]?.trim() ?? 'this article',
    paragraphs: (match?.[2] ?? '').split('\n').map((p) => p.trim()).filter(Boolean),
  };
}

/**
 * What the fake model answers: a title for the title request (small token limit), else a podcast
 * script of about 250 words built from the article's opening, one paragraph a line.
 */
function fakeReply(request: FakeChatRequest): string {
  const { title, paragraphs } = promptArticle(request);
  if ((request.max_tokens ?? Infinity) <= 100) return `${title}: A Town Makes Up Its Mind`;
  const lines = [
    `Hello and welcome to the show, where today we look at ${title.charAt(0).toLowerCase()}${title.slice(1)}. It is a story about patience, money, and a town that argues with itself.`,
  ];
  let words = lines[0]!.split(/\s+/).length;
  for (const paragraph of paragraphs) {
    if (words > 220) break;
    lines.push(paragraph);
    words += paragraph.split(/\s+/).length;
  }
  lines.push('That is all for today. Thanks for listening, and see you next time.');
  return lines.join('\n');
}

/** The index of the fake's piece that completes the reply's first sentence. */
function firstSentencePiece(reply: string): number {
  const end = /[.!?…]["'”’)\]]*(?=\s|$)/.exec(reply);
  const endChar = end ? end.index + end[0].length : reply.length;
  const pieces = fakeReplyPieces(reply);
  let at = 0;
  for (const [i, piece] of pieces.entries()) {
    at += piece.length;
    if (at >= endChar) return i;
  }
  return pieces.length - 1;
}

const isScriptRequest = (r: FakeRequest) => r.path === '/v1/chat/completions' && (r.body as FakeChatRequest | undefined)?.stream === true;

/** The script request made for a podcast posted after `from` requests; throws on a request the fake refused. */
function scriptRequestSince(fake: FakeOpenAi, from: number): FakeRequest {
  const made = fake.requests.slice(from);
  const refused = made.find((r) => r.problems.length > 0);
  if (refused) throw new Error(`the fake OpenAI refused ${refused.path}: ${refused.problems.join('; ')}`);
  const script = made.find(isScriptRequest);
  if (!script?.stream?.firstSentAt) throw new Error('the server sent no streamed script request (or it had no text yet)');
  return script;
}

/** Until the script stream of a deleted podcast ended (cancelled, or sent whole), at most 20 s. */
async function streamSettled(request: FakeRequest): Promise<void> {
  const deadline = Date.now() + 20_000;
  const stream = request.stream!;
  while (!stream.cancelled && stream.sent < stream.pieces && Date.now() < deadline) await sleep(100);
}

async function streamingAi(): Promise<void> {
  console.log(`\n### 2. time to first audio: streaming AI (fake OpenAI: first token after ${FIRST_TOKEN_DELAY_MS} ms, ${TOKENS_PER_SECOND} tokens/s), espeak voice`);
  const fake = await startFakeOpenAi({
    apiKey: FAKE_OPENAI_KEY,
    chatModel: FAKE_MODEL,
    firstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
    tokensPerSecond: TOKENS_PER_SECOND,
    chatReply: fakeReply,
  });
  const server = await startServer({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: FAKE_MODEL });
  try {
    const client = new BenchClient(server);
    const measure = async (body: ArticleBody) => {
      const from = fake.requests.length;
      const audio = await timeToFirstAudio(client, body);
      const request = scriptRequestSince(fake, from);
      const reply = fakeReply(request.body as FakeChatRequest);
      const firstPieceMs = request.stream!.firstSentAt! - audio.postedAt;
      const sentenceMs = firstPieceMs + (firstSentencePiece(reply) * 1000) / TOKENS_PER_SECOND;
      await client.remove(audio.id);
      await streamSettled(request);
      await sleep(500);
      return { ...audio, askedMs: firstPieceMs - FIRST_TOKEN_DELAY_MS, sentenceMs, gapMs: audio.firstAudioMs - sentenceMs };
    };
    await measure(articleBody(300, 9_999));

    const rows: string[][] = [];
    let met = true;
    for (const words of ARTICLE_WORDS) {
      const runs: Awaited<ReturnType<typeof measure>>[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(articleBody(words, run + 1)));
      const gaps = runs.map((r) => r.gapMs);
      met &&= max(gaps) <= AFTER_FIRST_SENTENCE_MS;
      rows.push([
        words.toLocaleString('en-US'),
        seconds(median(runs.map((r) => r.answeredMs))),
        seconds(median(runs.map((r) => r.askedMs))),
        seconds(median(runs.map((r) => r.sentenceMs))),
        seconds(median(runs.map((r) => r.firstAudioMs))),
        seconds(max(runs.map((r) => r.firstAudioMs))),
        seconds(median(gaps)),
        seconds(max(gaps)),
        `${median(runs.map((r) => r.segmentSeconds)).toFixed(1)} s`,
        verdict(max(gaps) <= AFTER_FIRST_SENTENCE_MS),
      ]);
    }
    const header = ['words', 'POST answered (s)', 'AI asked (s)', '1st sentence in (s)', 'first audio median (s)', 'max (s)', 'gap median (s)', 'gap max (s)', 'segment 0', '≤ +0.5 s'];
    for (const line of table(header, rows)) console.log(line);
    console.log(
      `target: first audio ≤ first sentence's arrival + ${seconds(AFTER_FIRST_SENTENCE_MS)} s (gap = first audio − 1st sentence in, max of ${RUNS} runs) — ${verdict(met)}`,
    );
    console.log('(times from the POST; "AI asked" = the fake\'s first piece − its 500 ms delay; "1st sentence in" = the piece ending the first sentence)');
  } finally {
    await server.stop();
    await fake.close();
  }
}

export default async function benchFirstAudio(): Promise<void> {
  console.log(machineNote());
  await embeddedDefaults();
  await streamingAi();
  console.log(machineNote());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchFirstAudio();
