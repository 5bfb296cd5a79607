import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import OpenAI, { RateLimitError } from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FAKE_BEHAVIOUR,
  FAKE_OPENAI_KEY,
  FAKE_SCRIPT,
  FAKE_TITLE,
  fakeReplyPieces,
  startFakeOpenAi,
  type FakeOpenAi,
} from './fake-openai.ts';
import { SAFETY_NET_MS } from './wait.ts';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ chatModel: 'gpt-3.5-turbo' });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({ ...DEFAULT_FAKE_BEHAVIOUR, chatModel: 'gpt-3.5-turbo' });
});

const validChat = {
  model: 'gpt-3.5-turbo',
  messages: [
    { role: 'system', content: 'You write scripts.' },
    { role: 'user', content: 'Write one.' },
  ],
  temperature: 0.7,
  max_tokens: 1500,
};

function post(endpoint: string, body: unknown, key: string | null = FAKE_OPENAI_KEY, base = fake.url) {
  return fetch(`${base}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('the fake OpenAI server', () => {
  it('answers a valid chat request', async () => {
    const response = await post('/chat/completions', validChat);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]!.message.content).toMatch(/Welcome/);
    expect(fake.requests[0]!.problems).toEqual([]);
  });

  it.each([
    ['a wrong model', { ...validChat, model: 'gpt-4' }, /model: expected "gpt-3.5-turbo"/],
    ['a temperature out of range', { ...validChat, temperature: 3 }, /temperature/],
    ['a fractional token limit', { ...validChat, max_tokens: 1.5 }, /max_tokens/],
    ['an unknown role', { ...validChat, messages: [{ role: 'narrator', content: 'x' }] }, /role/],
    ['no user message last', { ...validChat, messages: [{ role: 'system', content: 'x' }] }, /last message/],
    ['an empty message', { ...validChat, messages: [{ role: 'user', content: ' ' }] }, /content/],
    ['an unknown argument', { ...validChat, maxTokens: 10 }, /maxTokens: unrecognised/],
    ['a stream flag that is not a boolean', { ...validChat, stream: 'yes' }, /stream: must be a boolean/],
    ['stream options without streaming', { ...validChat, stream_options: { include_usage: true } }, /only allowed when stream/],
  ])('refuses a chat request with %s', async (_name, body, problem) => {
    const response = await post('/chat/completions', body);
    expect(response.status).toBe(400);
    expect(fake.requests[0]!.problems.join('; ')).toMatch(problem);
  });

  it('refuses a missing or wrong key', async () => {
    expect((await post('/chat/completions', validChat, null)).status).toBe(401);
    expect((await post('/chat/completions', validChat, 'sk-other')).status).toBe(401);
    expect(fake.requests.map((r) => r.problems.length)).toEqual([1, 1]);
  });

  it.each([
    ['no input', { model: 'tts-1', voice: 'alloy', input: '', response_format: 'pcm' }, /input/],
    ['too long an input', { model: 'tts-1', voice: 'alloy', input: 'a'.repeat(4097), response_format: 'pcm' }, /4096/],
    ['no voice', { model: 'tts-1', input: 'Hi.', response_format: 'pcm' }, /voice/],
    ['another format', { model: 'tts-1', voice: 'alloy', input: 'Hi.', response_format: 'mp3' }, /pcm only/],
  ])('refuses a speech request with %s', async (_name, body, problem) => {
    const response = await post('/audio/speech', body);
    expect(response.status).toBe(400);
    expect(fake.requests[0]!.problems.join('; ')).toMatch(problem);
  });

  it('plays a fault a given number of times, then answers again', async () => {
    fake.setBehaviour({ chatFault: 'rate-limit', faultTimes: 1 });
    const first = await post('/chat/completions', validChat);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after-ms')).toBe('1');
    expect((await post('/chat/completions', validChat)).status).toBe(200);
  });
});

describe('the fake OpenAI server streaming chat answers', () => {
  const sdk = () => new OpenAI({ apiKey: FAKE_OPENAI_KEY, baseURL: fake.url, maxRetries: 0, logLevel: 'off' });
  const whole = {
    ...validChat,
    messages: [
      { role: 'system', content: 'You write scripts.' },
      { role: 'user', content: 'Write one.' },
    ],
  } satisfies OpenAI.ChatCompletionCreateParamsNonStreaming;
  const streamed = { ...whole, stream: true as const };

  /** Every piece of text of a streamed answer with Date.now() when it arrived, and the finish reason. */
  async function readStream(body: OpenAI.ChatCompletionCreateParamsStreaming, signal?: AbortSignal) {
    const pieces: { text: string; at: number }[] = [];
    let finish: string | null = null;
    let usage: unknown = null;
    for await (const chunk of await sdk().chat.completions.create(body, { signal })) {
      const choice = chunk.choices[0];
      if (choice?.delta.content) pieces.push({ text: choice.delta.content, at: Date.now() });
      finish = choice?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    return { pieces, finish, usage };
  }

  it.each([
    ['', []],
    ['Hi.', ['Hi.']],
    ['Welcome to this episode.', ['Welc', 'ome', ' to', ' this', ' epis', 'ode.']],
    ['One.\n\nTwo  three ', ['One.', '\n\nTwo', '  thre', 'e', ' ']],
  ])('cuts %j into word-ish pieces that keep the whitespace', (reply, pieces) => {
    expect(fakeReplyPieces(reply)).toEqual(pieces);
    expect(fakeReplyPieces(reply).join('')).toBe(reply);
  });

  it('streams chunks the openai SDK reads, ending with [DONE]', async () => {
    const { pieces, finish } = await readStream(streamed);
    expect(pieces.map((p) => p.text)).toEqual(fakeReplyPieces(FAKE_SCRIPT));
    expect(finish).toBe('stop');
    expect(fake.requests[0]).toMatchObject({ problems: [], answer: 200 });
    expect(fake.requests[0]!.stream).toMatchObject({ pieces: pieces.length, sent: pieces.length, cancelled: false });

    const raw = await (await post('/chat/completions', streamed)).text();
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(raw).toContain('"object":"chat.completion.chunk"');
  });

  it('sends the usage last when asked for it', async () => {
    const { usage } = await readStream({ ...streamed, stream_options: { include_usage: true } });
    expect(usage).toMatchObject({ completion_tokens: fakeReplyPieces(FAKE_SCRIPT).length });
    expect(fake.requests[0]!.problems).toEqual([]);
  });

  it('paces the pieces: the first after firstTokenDelayMs, then tokensPerSecond', async () => {
    fake.setBehaviour({ firstTokenDelayMs: 300, tokensPerSecond: 50 });
    const { pieces } = await readStream(streamed);
    const n = pieces.length;
    expect(n).toBeGreaterThan(20);
    // The fake's own schedule: piece i leaves no sooner than 300 ms + i / 50 s after the answer began
    // (a timer may fire a millisecond early; a loaded machine only sends later). What the client's
    // clock sees of it is the machine's, not the fake's.
    const { sentAfter } = fake.requests[0]!.stream!;
    expect(sentAfter).toHaveLength(n);
    for (const [i, after] of sentAfter.entries()) expect(after).toBeGreaterThanOrEqual(300 + (i * 1000) / 50 - 2);
  });

  it('sends a whole answer when its last piece would have been written', async () => {
    fake.setBehaviour({ firstTokenDelayMs: 200, tokensPerSecond: 100 });
    const started = Date.now();
    const answer = await sdk().chat.completions.create({ ...whole, max_tokens: 50 });
    expect(answer.choices[0]!.message.content).toBe(FAKE_TITLE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200 + ((fakeReplyPieces(FAKE_TITLE).length - 1) * 1000) / 100 - 10);
  });

  it('plays the usual faults before the stream starts', async () => {
    fake.setBehaviour({ chatFault: 'rate-limit' });
    await expect(readStream(streamed)).rejects.toBeInstanceOf(RateLimitError);
    fake.setBehaviour({ chatFault: 'malformed' });
    await expect(readStream(streamed)).rejects.toThrow(/malformed server-sent event/);
    fake.setBehaviour({ chatFault: 'empty' });
    expect(await readStream(streamed)).toMatchObject({ pieces: [], finish: 'stop' });
  });

  it('drops the connection halfway through a stream, and only a stream', async () => {
    fake.setBehaviour({ chatFault: 'drop-mid-stream' });
    const received: string[] = [];
    const reading = (async () => {
      for await (const chunk of await sdk().chat.completions.create(streamed)) received.push(chunk.choices[0]?.delta.content ?? '');
    })();
    await expect(reading).rejects.toThrow();
    const half = Math.floor(fakeReplyPieces(FAKE_SCRIPT).length / 2);
    expect(received.join('')).toBe(fakeReplyPieces(FAKE_SCRIPT).slice(0, half).join(''));
    expect(fake.requests[0]).toMatchObject({ answer: 'drop', stream: { sent: half } });

    const answer = await sdk().chat.completions.create(whole);
    expect(answer.choices[0]!.message.content).toBe(FAKE_SCRIPT);
  });

  it('stops sending when the client goes away', async () => {
    fake.setBehaviour({ tokensPerSecond: 40 });
    const controller = new AbortController();
    const reading = readStream(streamed, controller.signal);
    setTimeout(() => controller.abort(), 150);
    await reading;
    // The fake hears the client go when its socket closes.
    await expect.poll(() => fake.requests[0]!.stream!.cancelled, { timeout: SAFETY_NET_MS }).toBe(true);
    const stream = fake.requests[0]!.stream!;
    expect(stream.sent).toBeGreaterThan(0);
    expect(stream.sent).toBeLessThan(stream.pieces);
  });
});

describe('the fake OpenAI server as a process', () => {
  it('starts from the command line, prints its URL and takes behaviour over HTTP', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/fake-openai.ts', '--port', '0', '--api-key', 'sk-cli'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`fake exited with ${code}`)));
      });
      const { url } = JSON.parse(line) as { url: string };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const origin = new URL(url).origin;

      expect((await post('/chat/completions', validChat, 'sk-cli', url)).status).toBe(200);
      await fetch(`${origin}/__fake/behaviour`, { method: 'POST', body: JSON.stringify({ tokensPerSecond: 500 }) });
      const streamed = await (await post('/chat/completions', { ...validChat, stream: true }, 'sk-cli', url)).text();
      expect(streamed.trimEnd().endsWith('data: [DONE]')).toBe(true);
      await fetch(`${origin}/__fake/behaviour`, { method: 'POST', body: JSON.stringify({ chatFault: 'server-error' }) });
      expect((await post('/chat/completions', validChat, 'sk-cli', url)).status).toBe(500);
      const requests = (await (await fetch(`${origin}/__fake/requests`)).json()) as { answer: number }[];
      expect(requests.map((r) => r.answer)).toEqual([200, 200, 500]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
