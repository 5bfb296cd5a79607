// Loads a natural voice in a process of its own and speaks one word. sherpa-onnx ends the whole
// process (abort or exit) on a model it cannot read, so a voice is tried here before any worker
// thread of the server loads it. Plain JavaScript: run as `node natural-load-check.mjs <config json>`.
//
// Prints one JSON line: { ok: true, sampleRate, speakers, samples } and exits 0, or dies trying.
import sherpa from 'sherpa-onnx-node';

const config = JSON.parse(process.argv[2]);
const tts = new sherpa.OfflineTts(config);
const audio = tts.generate({ text: 'Hello.', sid: 0, speed: 1 });
if (!audio.samples.length) {
  process.stdout.write(JSON.stringify({ ok: false, reason: 'the voice produced no audio' }) + '\n');
  process.exit(1);
}
process.stdout.write(JSON.stringify({ ok: true, sampleRate: tts.sampleRate, speakers: tts.numSpeakers, samples: audio.samples.length }) + '\n');
