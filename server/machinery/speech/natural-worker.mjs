// Natural voices (sherpa-onnx: Piper, Kokoro) in a worker thread. Plain JavaScript, like the espeak
// worker, so it loads the same under tsx and plain node.
//
// Protocol. In: { type: 'synthesize', id, voice, config, sid, text, sampleRate, cancel }: `voice`
// names the model (loaded once and kept, the two used last), `config` is its OfflineTts config,
// `sampleRate` the rate to hand PCM over at (resampled when the model's differs), `cancel` an
// Int32Array over a SharedArrayBuffer the main thread sets to 1 to stop. Out: { type: 'ready' }, then
// per call { type: 'pcm', id, samples } (Int16Array, transferred) and { type: 'done', id } or
// { type: 'failed', id, message }. Only models that passed the load check in a separate process
// reach this thread: sherpa-onnx aborts the process on a model it cannot read.
import { parentPort } from 'node:worker_threads';
import sherpa from 'sherpa-onnx-node';
import { lowerPriority, serveMessages } from '../workers/worker-thread.mjs';

lowerPriority();

const KEEP_LOADED = 2;
const loaded = new Map(); // voice → OfflineTts, least recently used first

function model(voice, config) {
  let tts = loaded.get(voice);
  if (tts) {
    loaded.delete(voice);
  } else {
    tts = new sherpa.OfflineTts(config);
    while (loaded.size >= KEEP_LOADED) loaded.delete(loaded.keys().next().value);
  }
  loaded.set(voice, tts);
  return tts;
}

function toInt16(samples) {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out[i] = Math.round(s * 32767);
  }
  return out;
}

function speak({ id, voice, config, sid, text, sampleRate, cancel }) {
  const tts = model(voice, config);
  const resampler = tts.sampleRate === sampleRate ? null : new sherpa.LinearResampler(tts.sampleRate, sampleRate);
  // One sentence in, its whole audio out: a sentence is a few seconds, made in a fraction of that.
  const audio = tts.generate({ text, sid, speed: 1 });
  if (Atomics.load(cancel, 0) !== 0) return;
  const samples = resampler ? resampler.flush(audio.samples) : audio.samples;
  const pcm = toInt16(samples);
  if (pcm.length) parentPort.postMessage({ type: 'pcm', id, samples: pcm }, [pcm.buffer]);
}

serveMessages((message) => {
  if (message?.type !== 'synthesize') return;
  speak(message);
  return { type: 'done', id: message.id };
});
