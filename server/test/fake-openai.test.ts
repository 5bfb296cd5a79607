import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_BEHAVIOUR, FAKE_OPENAI_KEY, startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';

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
      await fetch(`${origin}/__fake/behaviour`, { method: 'POST', body: JSON.stringify({ chatFault: 'server-error' }) });
      expect((await post('/chat/completions', validChat, 'sk-cli', url)).status).toBe(500);
      const requests = (await (await fetch(`${origin}/__fake/requests`)).json()) as { answer: number }[];
      expect(requests.map((r) => r.answer)).toEqual([200, 500]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
