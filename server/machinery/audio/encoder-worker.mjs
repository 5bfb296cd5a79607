// One episode's encoding in a worker thread, so LAME never holds up the server's requests. Plain
// JavaScript that loads the encoder compiled or through tsx, so it starts the same way from the
// build, under tsx, plain node and vitest.
//
// Protocol. In: { type: 'open', sampleRate, bitrateKbps, gainDb }, then { type: 'pcm', samples }
// (an Int16Array, transferred), { type: 'cut', id } and finally { type: 'finish', id }. Out:
// { type: 'ready' } once loaded; for each cut or finish { type: 'part', id, bytes, samples } with
// every whole MP3 frame made since the last part (bytes transferred; samples is what they decode
// to); { type: 'failed', id, message } when encoding fails.
import { parentPort } from 'node:worker_threads';

import { typescriptModule } from '../../lib/typescript-module.mjs';
import { lowerPriority, serveMessages } from '../workers/worker-thread.mjs';

lowerPriority();

const load = async (specifier) => import(await typescriptModule(specifier, import.meta.url));
const { createMp3Encoder } = await load('./mp3-encoder.ts');
const { splitWholeFrames } = await load('./mp3-frames.ts');
const { createLoudnessNormalizer } = await load('./loudness.ts');

let episode = null;

function concat(parts) {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function open({ sampleRate, bitrateKbps, gainDb }) {
  episode = {
    encoder: await createMp3Encoder({ sampleRate, bitrateKbps }),
    normalizer: createLoudnessNormalizer({ sampleRate, gainDb }),
    made: [],
    carry: new Uint8Array(0),
  };
}

function encode(samples) {
  const normalized = episode.normalizer.process(samples);
  if (normalized.length) episode.made.push(episode.encoder.encode(normalized));
}

function part(id, final) {
  if (final) {
    const rest = episode.normalizer.flush();
    if (rest.length) episode.made.push(episode.encoder.encode(rest));
    episode.made.push(episode.encoder.finish());
  }
  const bytes = concat([episode.carry, ...episode.made]);
  episode.made = [];
  const { frames, samples, rest } = splitWholeFrames(bytes);
  episode.carry = final ? new Uint8Array(0) : rest;
  const out = frames.slice();
  parentPort.postMessage({ type: 'part', id, bytes: out, samples }, [out.buffer]);
  if (final) episode = null;
}

serveMessages(
  async (message) => {
    if (message.type === 'open') await open(message);
    else if (!episode) throw new Error('no episode is open');
    else if (message.type === 'pcm') encode(message.samples);
    else if (message.type === 'cut') part(message.id, false);
    else if (message.type === 'finish') part(message.id, true);
  },
  { failed: () => (episode = null) },
);
