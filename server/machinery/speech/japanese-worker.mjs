// Japanese readings (kuromoji) in a worker thread: loading the dictionary takes about a second of CPU
// and some 300 MB, none of it on the server's event loop. Plain JavaScript, like espeak-worker.mjs.
//
// Protocol. Out first: { ready: true } once the dictionary is loaded, or { failed: message }. In:
// { id, text }; out: { id, text } with each word written in kanji replaced by its reading in
// hiragana and the particles は and へ written as said (わ, え); kana, Latin letters, digits and
// punctuation, and kanji words the dictionary does not know, stay as written.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import kuromoji from 'kuromoji';

const HAN = /\p{Script=Han}/u;
// Katakana → hiragana is a fixed offset in Unicode (ァ U+30A1 … ヶ U+30F6 → ぁ U+3041 …).
const KATAKANA = /[\u30a1-\u30f6]/g;
const toHiragana = (katakana) => katakana.replace(KATAKANA, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

// The dictionary ships in the package (dict/*.dat.gz) and is read from node_modules.
const dicPath = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');

kuromoji.builder({ dicPath }).build((error, tokenizer) => {
  if (error) return parentPort.postMessage({ failed: error.message ?? String(error) });
  parentPort.on('message', ({ id, text }) => {
    const words = tokenizer.tokenize(text);
    const read = words.map(({ surface_form: written, reading, pronunciation, pos }) => {
      if (HAN.test(written) && reading && reading !== '*') return toHiragana(reading);
      // The particles は and へ are said "wa" and "e"; a voice reading kana letter by letter says "ha", "he".
      if (pos === '助詞' && (written === 'は' || written === 'へ') && pronunciation) return toHiragana(pronunciation);
      return written;
    });
    parentPort.postMessage({ id, text: read.join('') });
  });
  parentPort.postMessage({ ready: true });
});
