/**
 * A local OpenAI-compatible server for tests: chat completions and speech on 127.0.0.1, no internet.
 *
 * It is strict on purpose. Every request is checked the way the real API would check it (auth
 * header, model, message roles, temperature, token limit, speech input and format) and a wrong one is
 * answered 400 and recorded with its problems, so a test fails when the client sends the wrong thing.
 * Faults (429, 500, a hang, a malformed or empty answer, a dropped connection) are switched on with
 * setBehaviour. Speech answers deterministic PCM (24 kHz, 16-bit LE mono): a 440 Hz tone whose
 * length is proportional to the input text.
 *
 * Chat answers can be streamed (`stream: true`, server-sent `chat.completion.chunk` events ending with
 * `data: [DONE]`), a piece of about four characters per event. `firstTokenDelayMs` and
 * `tokensPerSecond` pace the pieces like a real model, so a test or a bench sees text arrive over time;
 * a whole answer is sent when its last piece would have been.
 *
 * Standalone, for browser tests: `npx tsx server/test/fake-openai.ts --port 8790 [--api-key KEY]`
 * prints `{"url":"http://127.0.0.1:8790/v1"}` once listening. Another process can change the
 * behaviour with `POST /__fake/behaviour` (JSON, merged), read `GET /__fake/requests` and clear them
 * with `DELETE /__fake/requests`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * 'drop' cuts the connection as the answer starts; 'drop-mid-stream' sends half of a streamed chat
 * answer first (whole chat answers ignore it; speech, always streamed, treats it as 'drop').
 */
export type FakeFault = 'rate-limit' | 'server-error' | 'hang' | 'malformed' | 'empty' | 'drop' | 'drop-mid-stream';

export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export interface FakeOpenAiBehaviour {
  /** The key every request must bear (`Authorization: Bearer KEY`); null accepts any or none. */
  apiKey: string | null;
  /** The chat model requests must name; null accepts any non-empty name. */
  chatModel: string | null;
  /** The speech model requests must name; null accepts any non-empty name. */
  speechModel: string | null;
  chatFault: FakeFault | null;
  speechFault: FakeFault | null;
  /** How many requests to each endpoint get the fault before it answers normally again. */
  faultTimes: number;
  /** Sent as `retry-after-ms` with 429 and 500 answers, so the SDK's retries stay fast. */
  retryAfterMs: number;
  /** The chat answer's text; by default FAKE_TITLE for small token limits, FAKE_SCRIPT otherwise. */
  chatReply: string | ((request: FakeChatRequest) => string);
  /** The chat answer's finish_reason ('length' says the token limit cut it). */
  finishReason: 'stop' | 'length';
  /** Wait before a chat answer's first piece. */
  firstTokenDelayMs: number;
  /** Pieces of a chat answer a second after the first; 0 sends them all at once. */
  tokensPerSecond: number;
  /** A streamed chat answer stops after this many pieces until `releaseStreams()`; null never holds. */
  holdStreamAfter: number | null;
  /** Milliseconds of audio per character of speech input. */
  speechMsPerChar: number;
  /** Speech is written in pieces of this many bytes (odd by default, to split samples). */
  speechChunkBytes: number;
  /** Pause between speech pieces, so they reach the client as separate reads. */
  speechChunkDelayMs: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** What the fake found wrong with the request; empty when it was valid. */
  problems: string[];
  /** The status answered, or what was done instead. */
  answer: number | 'hang' | 'drop';
  /** How a streamed chat answer went. */
  stream?: FakeStreamRecord;
}

export interface FakeStreamRecord {
  /** Pieces of text in the whole answer. */
  pieces: number;
  /** Pieces sent so far. */
  sent: number;
  /** Date.now() when the first and the last piece were sent; null before. */
  firstSentAt: number | null;
  lastSentAt: number | null;
  /** Date.now() when the answer began, and each piece's send time after it, in ms. */
  startedAt: number;
  sentAfter: number[];
  /** The client went away before the answer was complete. */
  cancelled: boolean;
}

export interface FakeOpenAi {
  /** The base URL to give the SDK: `http://127.0.0.1:PORT/v1`. */
  url: string;
  port: number;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  /** Merges into the current behaviour and restarts the fault count. */
  setBehaviour(change: Partial<FakeOpenAiBehaviour>): void;
  /** Lets the streamed answers held by `holdStreamAfter` go on. */
  releaseStreams(): void;
  close(): Promise<void>;
}

export const FAKE_OPENAI_KEY = 'sk-fake-pagecast-test';
export const FAKE_SCRIPT =
  'Welcome to this episode from the local test server.\n' +
  'This script was written by the fake OpenAI-compatible service.\n' +
  'Thanks for listening!';
export const FAKE_TITLE = 'A Podcast From The Test Server';
export const FAKE_SPEECH_SAMPLE_RATE = 24_000;
const TONE_HZ = 440;
const TONE_AMPLITUDE = 8000;
const MAX_SPEECH_INPUT = 4096;
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export const DEFAULT_FAKE_BEHAVIOUR: FakeOpenAiBehaviour = {
  apiKey: FAKE_OPENAI_KEY,
  chatModel: null,
  speechModel: null,
  chatFault: null,
  speechFault: null,
  faultTimes: Number.POSITIVE_INFINITY,
  retryAfterMs: 1,
  chatReply: (request) => ((request.max_tokens ?? Infinity) <= 100 ? FAKE_TITLE : FAKE_SCRIPT),
  finishReason: 'stop',
  firstTokenDelayMs: 0,
  tokensPerSecond: 0,
  holdStreamAfter: null,
  speechMsPerChar: 60,
  speechChunkBytes: 4801,
  speechChunkDelayMs: 0,
};

/** Words of ordinary prose, which the fake's scripts are made of (a voice speaks them at its usual rate). */
const PROSE_WORDS = (
  'the council met on tuesday evening to discuss the proposal for a new bridge across the river while ' +
  'residents worried about months of construction disrupting business on the main street and engineers ' +
  'explained that maintenance of the original crossing had become expensive every year since it opened'
).split(' ');

/**
 * A chat reply that does what a script-writing prompt asks, for the modes' tests: an outline request
 * ("Answer with exactly N lines") gets N lines `start: name`, the starts spread over its parts; a script or follow-up request asking for
 * "about N words" gets that many words (times `scale`, to play a model that writes too much or too
 * little), as sentences of ten words, a paragraph a line; a conversation's lines start with its two
 * hosts' names in turn. Anything else gets the default reply.
 */
export function fakeScriptReply({ scale = 1, followUpScale = 1 }: { scale?: number; followUpScale?: number } = {}) {
  return (request: FakeChatRequest): string => {
    const system = request.messages[0]?.content ?? '';
    const user = request.messages.at(-1)?.content ?? '';
    const lines = /Answer with exactly (\d+) lines/.exec(user);
    if (lines) {
      // An outline: where each section starts among the parts, spread evenly, and its name.
      const count = Number(lines[1]);
      const parts = Number(/has (\d+) parts/.exec(user)?.[1] ?? count);
      return Array.from({ length: count }, (_, i) => `${Math.floor((i * parts) / count) + 1}: Section ${i + 1} name`).join('\n');
    }
    const asked = /about (\d+) words/.exec(user);
    if (!asked) return DEFAULT_FAKE_BEHAVIOUR.chatReply instanceof Function ? DEFAULT_FAKE_BEHAVIOUR.chatReply(request) : FAKE_SCRIPT;
    const followUp = /This draft has \d+ words/.test(user);
    const words = Math.max(1, Math.round(Number(asked[1]) * (followUp ? followUpScale : scale)));
    const hosts = /two hosts, (\w+) and (\w+)/.exec(system);
    const paragraphs: string[] = [];
    for (let made = 0, n = 0; made < words; n++) {
      const size = Math.min(10, words - made);
      const picked = Array.from({ length: size }, (_, i) => PROSE_WORDS[(made + i) % PROSE_WORDS.length]!);
      const sentence = `${picked.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
      made += size;
      const host = hosts ? `${hosts[1 + (paragraphs.length % 2)]}: ` : '';
      paragraphs.push(`${host}${sentence}`);
    }
    return paragraphs.join('\n');
  };
}

/** A reply cut into the fake's tokens: word-ish pieces of up to four non-space characters, each with the whitespace before it. */
export function fakeReplyPieces(reply: string): string[] {
  return reply.match(/\s*\S{1,4}|\s+/g) ?? [];
}

/** How many samples the fake speaks for an input. */
export function fakeSpeechSampleCount(input: string, msPerChar = DEFAULT_FAKE_BEHAVIOUR.speechMsPerChar): number {
  return Math.round((input.length * msPerChar * FAKE_SPEECH_SAMPLE_RATE) / 1000);
}

/** Sample i of the fake's tone. */
export function fakeSpeechSample(i: number): number {
  return Math.round(TONE_AMPLITUDE * Math.sin((2 * Math.PI * TONE_HZ * i) / FAKE_SPEECH_SAMPLE_RATE));
}

function fakePcm(samples: number): Buffer {
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(fakeSpeechSample(i), i * 2);
  return pcm;
}

const CHAT_KEYS = new Set([
  'model', 'messages', 'temperature', 'max_tokens', 'max_completion_tokens', 'top_p', 'n', 'stream',
  'stream_options', 'stop', 'presence_penalty', 'frequency_penalty', 'logit_bias', 'logprobs',
  'top_logprobs', 'seed', 'user', 'response_format', 'tools', 'tool_choice', 'parallel_tool_calls',
  'store', 'metadata', 'reasoning_effort', 'service_tier', 'modalities', 'audio', 'prediction',
]);
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const SPEECH_KEYS = new Set(['model', 'input', 'voice', 'response_format', 'speed', 'instructions', 'stream_format']);
const SPEECH_FORMATS = new Set(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkModel(body: Record<string, unknown>, expected: string | null, problems: string[]) {
  if (typeof body.model !== 'string' || !body.model.trim()) problems.push('model: must be a non-empty string');
  else if (expected !== null && body.model !== expected) problems.push(`model: expected "${expected}", got "${body.model}"`);
}

function checkUnknownKeys(body: Record<string, unknown>, known: Set<string>, problems: string[]) {
  for (const key of Object.keys(body)) if (!known.has(key)) problems.push(`${key}: unrecognised request argument`);
}

function checkChat(body: unknown, behaviour: FakeOpenAiBehaviour): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['body: must be a JSON object'];
  checkModel(body, behaviour.chatModel, problems);
  checkUnknownKeys(body, CHAT_KEYS, problems);
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    problems.push('messages: must be a non-empty array');
  } else {
    messages.forEach((m, i) => {
      if (!isObject(m)) return problems.push(`messages[${i}]: must be an object`);
      if (typeof m.role !== 'string' || !ROLES.has(m.role)) problems.push(`messages[${i}].role: "${String(m.role)}" is not a role`);
      if (typeof m.content !== 'string' || !m.content.trim()) problems.push(`messages[${i}].content: must be a non-empty string`);
    });
    const last = messages.at(-1);
    if (!isObject(last) || last.role !== 'user') problems.push('messages: the last message must be the user\'s');
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 2)) {
    problems.push('temperature: must be a number from 0 to 2');
  }
  for (const key of ['max_tokens', 'max_completion_tokens']) {
    const v = body[key];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 1)) problems.push(`${key}: must be a positive integer`);
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean') problems.push('stream: must be a boolean');
  if (body.stream_options !== undefined && body.stream_options !== null) {
    if (body.stream !== true) problems.push('stream_options: only allowed when stream is true');
    else if (!isObject(body.stream_options)) problems.push('stream_options: must be an object');
    else if (body.stream_options.include_usage !== undefined && typeof body.stream_options.include_usage !== 'boolean') {
      problems.push('stream_options.include_usage: must be a boolean');
    }
  }
  return problems;
}

function checkSpeech(body: unknown, behaviour: FakeOpenAiBehaviour): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['body: must be a JSON object'];
  checkModel(body, behaviour.speechModel, problems);
  checkUnknownKeys(body, SPEECH_KEYS, problems);
  if (typeof body.input !== 'string' || !body.input.trim()) problems.push('input: must be a non-empty string');
  else if (body.input.length > MAX_SPEECH_INPUT) problems.push(`input: longer than ${MAX_SPEECH_INPUT} characters`);
  if (typeof body.voice !== 'string' || !body.voice.trim()) problems.push('voice: must be a non-empty string');
  const format = body.response_format ?? 'mp3';
  if (typeof format !== 'string' || !SPEECH_FORMATS.has(format)) problems.push(`response_format: "${String(format)}" is not a format`);
  else if (format !== 'pcm') problems.push(`response_format: this fake speaks pcm only, not ${format}`);
  if (body.speed !== undefined && (typeof body.speed !== 'number' || body.speed < 0.25 || body.speed > 4)) {
    problems.push('speed: must be a number from 0.25 to 4');
  }
  return problems;
}

function checkAuth(headers: http.IncomingHttpHeaders, behaviour: FakeOpenAiBehaviour): string | null {
  if (behaviour.apiKey === null) return null;
  const expected = `Bearer ${behaviour.apiKey}`;
  return headers.authorization === expected ? null : `authorization: expected "${expected}", got "${headers.authorization ?? '(none)'}"`;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const apiError = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Starts the fake on 127.0.0.1, on `port` or a free one. */
export async function startFakeOpenAi(
  behaviour: Partial<FakeOpenAiBehaviour> = {},
  { port = 0 }: { port?: number } = {},
): Promise<FakeOpenAi> {
  let current: FakeOpenAiBehaviour = { ...DEFAULT_FAKE_BEHAVIOUR, ...behaviour };
  const faultsServed = { chat: 0, speech: 0 };
  const requests: FakeRequest[] = [];
  let closing = false;
  // Held streams wait on `released`; releasing settles it and sets a new one for later holds.
  let releaseHeld = () => {};
  let released = new Promise<void>((resolve) => (releaseHeld = resolve));
  const releaseStreams = () => {
    releaseHeld();
    released = new Promise<void>((resolve) => (releaseHeld = resolve));
  };

  const setBehaviour = (change: Partial<FakeOpenAiBehaviour>) => {
    current = { ...current, ...change };
    faultsServed.chat = 0;
    faultsServed.speech = 0;
  };

  /** The fault to play for this request, if any; counts it. */
  const takeFault = (endpoint: 'chat' | 'speech', streamed: boolean): FakeFault | null => {
    const fault = endpoint === 'chat' ? current.chatFault : current.speechFault;
    if (!fault || faultsServed[endpoint] >= current.faultTimes) return null;
    if (fault === 'drop-mid-stream' && !streamed) return null;
    faultsServed[endpoint] += 1;
    return fault;
  };

  /** Milliseconds after the answer starts at which piece `i` is due. */
  const pieceDue = (i: number) =>
    current.firstTokenDelayMs + (current.tokensPerSecond > 0 ? (i * 1000) / current.tokensPerSecond : 0);

  /** Plays a fault common to both endpoints; false when the endpoint must play it itself. */
  const playCommonFault = (fault: FakeFault, res: http.ServerResponse, record: FakeRequest): boolean => {
    const retry = { 'retry-after-ms': String(current.retryAfterMs) };
    if (fault === 'rate-limit') {
      record.answer = 429;
      sendJson(res, 429, apiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'), retry);
    } else if (fault === 'server-error') {
      record.answer = 500;
      sendJson(res, 500, apiError('The server had an error while processing your request.', 'server_error'), retry);
    } else if (fault === 'hang') {
      record.answer = 'hang';
    } else {
      return false;
    }
    return true;
  };

  const answerChat = async (body: FakeChatRequest, res: http.ServerResponse, record: FakeRequest) => {
    const streamed = body.stream === true;
    const fault = takeFault('chat', streamed);
    if (fault && playCommonFault(fault, res, record)) return;
    if (fault === 'malformed') {
      record.answer = 200;
      if (streamed) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return res.end('data: {"id":"chatcmpl-fake","choices":[{"delta":\n\n');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"id":"chatcmpl-fake","choices":[{"message":');
    }
    if (fault === 'drop') {
      record.answer = 'drop';
      if (streamed) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"id":"chatcmpl-fake",');
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"id":"chatcmpl-fake",');
      }
      return void setTimeout(() => res.destroy(), 5);
    }
    const reply = fault === 'empty' ? '' : typeof current.chatReply === 'string' ? current.chatReply : current.chatReply(body);
    if (streamed) return streamChat(body, reply, fault === 'drop-mid-stream', res, record);
    // A whole answer comes when a model would have written its last piece.
    await sleep(pieceDue(Math.max(0, fakeReplyPieces(reply).length - 1)));
    if (res.destroyed || closing) return;
    record.answer = 200;
    sendJson(res, 200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply, refusal: null }, finish_reason: current.finishReason, logprobs: null }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  };

  const streamChat = async (body: FakeChatRequest, reply: string, drop: boolean, res: http.ServerResponse, record: FakeRequest) => {
    const pieces = fakeReplyPieces(reply);
    const started = Date.now();
    const stream: FakeStreamRecord = { pieces: pieces.length, sent: 0, firstSentAt: null, lastSentAt: null, startedAt: started, sentAfter: [], cancelled: false };
    record.stream = stream;
    record.answer = drop ? 'drop' : 200;
    let complete = false;
    res.once('close', () => {
      if (!complete) stream.cancelled = true;
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();

    const id = `chatcmpl-fake-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = body.stream_options?.include_usage ? { usage: null } : {};
    const send = (delta: Record<string, unknown>, finishReason: string | null) =>
      res.write(
        `data: ${JSON.stringify({
          id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: null,
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], ...usage,
        })}\n\n`,
      );

    const end = drop ? Math.floor(pieces.length / 2) : pieces.length;
    // A model's first event names the role; it comes with the first piece.
    await sleep(pieceDue(0));
    if (res.destroyed || closing) return;
    send({ role: 'assistant', content: '', refusal: null }, null);
    const hold = current.holdStreamAfter;
    const held = released;
    for (let i = 0; i < end; i++) {
      if (i === hold) await Promise.race([held, new Promise((resolve) => res.once('close', resolve))]);
      await sleep(started + pieceDue(i) - Date.now());
      if (res.destroyed || closing) return;
      send({ content: pieces[i] }, null);
      stream.sent += 1;
      stream.lastSentAt = Date.now();
      stream.firstSentAt ??= stream.lastSentAt;
      stream.sentAfter.push(stream.lastSentAt - started);
    }
    // Let the client read what was sent before the connection goes.
    if (drop) return void setTimeout(() => res.destroy(), 20);
    send({}, current.finishReason);
    if (body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({
          id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: null, choices: [],
          usage: { prompt_tokens: 1, completion_tokens: pieces.length, total_tokens: pieces.length + 1 },
        })}\n\n`,
      );
    }
    complete = true;
    res.end('data: [DONE]\n\n');
  };

  const answerSpeech = async (body: { input: string }, res: http.ServerResponse, record: FakeRequest) => {
    const played = takeFault('speech', true);
    const fault = played === 'drop-mid-stream' ? 'drop' : played;
    if (fault && playCommonFault(fault, res, record)) return;
    if (fault === 'malformed') {
      record.answer = 200;
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Something went wrong</body></html>');
    }
    const pcm = fault === 'empty' ? Buffer.alloc(0) : fakePcm(fakeSpeechSampleCount(body.input, current.speechMsPerChar));
    record.answer = fault === 'drop' ? 'drop' : 200;
    res.writeHead(200, { 'content-type': 'audio/pcm', 'transfer-encoding': 'chunked' });
    const step = Math.max(1, current.speechChunkBytes);
    // A dropped connection sends about half of the audio, then cuts it mid-sample.
    const end = fault === 'drop' ? Math.floor(pcm.length / 2) | 1 : pcm.length;
    for (let at = 0; at < end; at += step) {
      if (res.destroyed || closing) return;
      res.write(pcm.subarray(at, Math.min(end, at + step)));
      if (current.speechChunkDelayMs > 0) await new Promise((r) => setTimeout(r, current.speechChunkDelayMs));
    }
    // Let the client read what was sent before the connection goes.
    if (fault === 'drop') return void setTimeout(() => res.destroy(), 20);
    res.end();
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(req);

    if (url.pathname === '/__fake/behaviour' && req.method === 'POST') {
      const change = parseJson(text);
      if (!isObject(change)) return sendJson(res, 400, apiError('behaviour must be a JSON object', 'invalid_request_error'));
      setBehaviour(change as Partial<FakeOpenAiBehaviour>);
      const { chatReply, ...visible } = current;
      return sendJson(res, 200, { ...visible, chatReply: typeof chatReply === 'string' ? chatReply : 'default' });
    }
    if (url.pathname === '/__fake/requests') {
      if (req.method === 'DELETE') requests.length = 0;
      return sendJson(res, 200, requests);
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const body = parseJson(text);
    const record: FakeRequest = { method: req.method ?? '', path: url.pathname, headers, body, problems: [], answer: 0 };
    requests.push(record);

    const endpoint =
      req.method === 'POST' && url.pathname === '/v1/chat/completions' ? 'chat'
      : req.method === 'POST' && url.pathname === '/v1/audio/speech' ? 'speech'
      : null;
    if (!endpoint) {
      record.problems.push(`${req.method} ${url.pathname}: no such endpoint`);
      record.answer = 404;
      return sendJson(res, 404, apiError(`Unknown request URL: ${req.method} ${url.pathname}`, 'invalid_request_error'));
    }
    const authProblem = checkAuth(req.headers, current);
    if (authProblem) {
      record.problems.push(authProblem);
      record.answer = 401;
      return sendJson(res, 401, apiError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'));
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      record.problems.push('content-type: must be application/json');
    }
    record.problems.push(...(endpoint === 'chat' ? checkChat(body, current) : checkSpeech(body, current)));
    if (record.problems.length > 0) {
      record.answer = 400;
      return sendJson(res, 400, apiError(record.problems.join('; '), 'invalid_request_error'));
    }
    if (endpoint === 'chat') return answerChat(body as FakeChatRequest, res, record);
    return answerSpeech(body as { input: string }, res, record);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, apiError(`fake server failure: ${String(error)}`, 'server_error'));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    requests,
    setBehaviour,
    releaseStreams,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(argument('--port') ?? 0);
  const key = argument('--api-key');
  const fake = await startFakeOpenAi(key === undefined ? {} : { apiKey: key === 'none' ? null : key }, { port });
  process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
