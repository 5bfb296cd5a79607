/**
 * Models as the script writer meets them, played by the local OpenAI-compatible server: one that does
 * as asked, one that writes its own fixed size, one that dresses its answer (a preamble, Markdown,
 * greetings, an offer), one that writes in another language, one that refuses, a stream cut halfway
 * and a slow first token.
 */
import { fakeScriptReply, type FakeChatRequest, type FakeOpenAiBehaviour } from './fake-openai.ts';

const userText = (b: FakeChatRequest) => b.messages.at(-1)!.content;

/** The words a request asked about, as a model of its own fixed size answers any of them. */
export function fixedSize(size: number) {
  const obedient = fakeScriptReply();
  return (request: FakeChatRequest) => {
    const user = userText(request);
    if (/Answer with exactly (\d+) lines/.test(user) || (request.max_tokens ?? 0) <= 100) return obedient(request);
    return obedient({ ...request, messages: [...request.messages.slice(0, -1), { role: 'user', content: `Write about ${size} words.` }] });
  };
}

/** An obedient model that wraps every script in a chat reply's dress: a preamble, Markdown, greetings, an offer. */
export function dressed() {
  const obedient = fakeScriptReply();
  return (request: FakeChatRequest) => {
    const reply = obedient(request);
    if (!/about \d+ words/.test(userText(request))) return reply;
    const [first, ...rest] = reply.split('\n');
    return [
      'Sure! Here is your podcast script:',
      '',
      '## Part one',
      '**Welcome back to the show!** Hello everyone.',
      `**${first}**`,
      ...rest.map((line, i) => (i % 3 === 0 ? `- ${line}` : i % 3 === 1 ? `*${line}*` : line)),
      '[Outro music]',
      'Thanks for listening, and see you next time!',
      '---',
      'Let me know if you would like any changes.',
    ].join('\n');
  };
}

/** A model that answers in French whatever it is asked. */
export function inFrench() {
  const obedient = fakeScriptReply();
  const sentence = 'La rivière traverse la vallée et les habitants parlent de leurs champs inondés chaque hiver.';
  return (request: FakeChatRequest) => {
    const n = /about (\d+) words/.exec(userText(request));
    if (!n) return obedient(request);
    return Array.from({ length: Math.ceil(Number(n[1]) / 15) }, () => sentence).join('\n');
  };
}

export function refusing() {
  const obedient = fakeScriptReply();
  return (request: FakeChatRequest) =>
    /about \d+ words/.test(userText(request)) ? "I'm sorry, but I can't help with rewriting this article." : obedient(request);
}

/** Each model, with the length error its episodes stay within and what the podcast records (null: nothing). */
export const MODEL_BEHAVIOURS: Array<{ name: string; behaviour: Partial<FakeOpenAiBehaviour>; tolerance: number; reason: RegExp | null }> = [
  { name: 'an obedient model', behaviour: { chatReply: fakeScriptReply() }, tolerance: 0.1, reason: null },
  { name: 'a model that writes 90 words whatever it is asked', behaviour: { chatReply: fixedSize(90) }, tolerance: 0.15, reason: /less than the length asked; \d+ words were read from the article/ },
  { name: 'a model that writes 60 words whatever it is asked', behaviour: { chatReply: fixedSize(60) }, tolerance: 0.15, reason: /less than the length asked; \d+ words were read from the article/ },
  { name: 'a model that answers in Markdown, with a preamble, greetings and an offer', behaviour: { chatReply: dressed() }, tolerance: 0.2, reason: null },
  { name: 'a model that writes in another language', behaviour: { chatReply: inFrench() }, tolerance: 0.2, reason: /in another language than the article's/ },
  { name: 'a model that refuses', behaviour: { chatReply: refusing() }, tolerance: 0.2, reason: /declined to write part of the script/ },
  { name: 'a server that answers with nothing (one that does not stream)', behaviour: { chatFault: 'empty' }, tolerance: 0.2, reason: /answered part of the script with nothing to say/ },
  { name: 'a stream cut halfway', behaviour: { chatFault: 'drop-mid-stream' }, tolerance: 0.2, reason: /./ },
  { name: 'a very slow first token', behaviour: { chatReply: fakeScriptReply(), firstTokenDelayMs: 400 }, tolerance: 0.1, reason: null },
];

