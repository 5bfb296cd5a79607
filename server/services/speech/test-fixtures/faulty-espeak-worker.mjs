// The real espeak worker, plus faults on demand for the engine's tests. A marker in the text picks
// the fault; this listener runs before the real one because it is registered first.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message?.type !== 'synthesize') return;
  if (message.text.includes('[exit]')) process.exit(3); // the thread dies mid-call
  if (message.text.includes('[throw]')) {
    message.type = 'crash'; // the real listener runs too: keep it from speaking this one
    throw new Error('injected crash'); // an uncaught error ends the thread
  }
  if (message.text.includes('[bad-voice]')) message.voice = 'xx-no-such-voice'; // espeak itself refuses
  if (message.text.includes('[hang]')) for (;;); // never answers again
});

await import('../espeak-worker.mjs');
