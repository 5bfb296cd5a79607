// espeak-ng (wasm) in a worker thread. Plain JavaScript on purpose: the server may run under tsx or
// plain node, and a .mjs worker loads the same way under both.
//
// Protocol. In: { type: 'synthesize', id, text, voice, cancel } where cancel is an Int32Array over a
// SharedArrayBuffer the main thread sets to 1 to stop (espeak runs synchronously here, so a message
// could not interrupt it). Out: { type: 'ready', sampleRate }, then per call { type: 'pcm', id,
// samples } (an Int16Array, transferred) as audio is produced, and { type: 'done', id } or
// { type: 'failed', id, message }.
import { parentPort } from 'node:worker_threads';
import createEspeak from '@echogarden/espeak-ng-emscripten';
import { lowerPriority, serveMessages } from '../workers/worker-thread.mjs';

lowerPriority();

// espeak hands over about 100 ms at a time; batching to about 0.4 s keeps the message count low.
// The first batch of a call goes at once so the first audio is not held back.
const BATCH_SAMPLES = 8192;

const espeak = await createEspeak();
const synth = new espeak.eSpeakNGWorker();
let currentVoice;

function concat(parts, length) {
  const out = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function speak({ id, text, voice, cancel }) {
  if (voice !== currentVoice) {
    if (synth.set_voice(voice) !== 0) throw new Error(`espeak-ng has no voice "${voice}"`);
    currentVoice = voice;
  }
  let parts = [];
  let length = 0;
  let sent = false;
  const flush = () => {
    if (length === 0) return;
    const samples = concat(parts, length);
    parts = [];
    length = 0;
    sent = true;
    parentPort.postMessage({ type: 'pcm', id, samples }, [samples.buffer]);
  };
  synth.synthesize(text, (samples) => {
    if (Atomics.load(cancel, 0) !== 0) return true; // a true return stops espeak
    parts.push(samples);
    length += samples.length;
    if (!sent || length >= BATCH_SAMPLES) flush();
    return false;
  });
  if (Atomics.load(cancel, 0) === 0) flush();
}

serveMessages(
  (message) => {
    if (message?.type !== 'synthesize') return;
    speak(message);
    return { type: 'done', id: message.id };
  },
  { ready: { type: 'ready', sampleRate: synth.get_samplerate() } },
);
