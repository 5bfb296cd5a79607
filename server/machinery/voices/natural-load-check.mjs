// Loads a natural voice in a process of its own and speaks one word. sherpa-onnx ends the whole
// process (abort or exit) on a model it cannot read, so a voice is tried here before any worker
// thread of the server loads it. Plain JavaScript: run as `node natural-load-check.mjs <config json>`.
//
// Then it speaks a sentence and times it: its real-time factor (seconds to make a second of speech)
// says whether the voice keeps ahead of a listener on this machine.
//
// Prints one JSON line: { ok: true, sampleRate, speakers, samples, rtf } and exits 0, or dies trying.
import sherpa from 'sherpa-onnx-node';

const config = JSON.parse(process.argv[2]);
const tts = new sherpa.OfflineTts(config);
const audio = tts.generate({ text: 'Hello.', sid: 0, speed: 1 });
if (!audio.samples.length) {
  process.stdout.write(JSON.stringify({ ok: false, reason: 'the voice produced no audio' }) + '\n');
  process.exit(1);
}
const started = performance.now();
const sentence = tts.generate({ text: 'The tide comes in twice a day, and the harbour fills with boats before the morning market opens.', sid: 0, speed: 1 });
const seconds = sentence.samples.length / tts.sampleRate;
const rtf = seconds > 0 ? (performance.now() - started) / 1000 / seconds : 0;
process.stdout.write(JSON.stringify({ ok: true, sampleRate: tts.sampleRate, speakers: tts.numSpeakers, samples: audio.samples.length, rtf }) + '\n');
