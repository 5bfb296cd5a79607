import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeMp3File, frameHeaders, longestPauseMs, rms } from '../../test/mp3.ts';
import type { SpeechEngine } from './engine.ts';
import { speakEpisode } from './episode.ts';
import { createEspeakEngine } from './espeak-engine.ts';
import { SpeechError } from './speech-error.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-episode-'));
const engine = createEspeakEngine();
afterAll(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ARTICLE = [
  'City council approves a new plan for parks.',
  'On Tuesday the council voted to spend $2.5 million on three new parks, a rise of 12% on last year.',
  'The first park opens in 2025. It will have a playground, a small lake and about 400 trees.',
  'Residents asked for more shade and more benches, and the plan adds both.',
  'Work starts in the spring. The mayor said the parks would be open to everyone, every day of the week.',
].join('\n');

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const outFile = (name: string) => path.join(dir, `${name}.mp3`);
const leftovers = () => fs.readdirSync(dir).filter((f) => f.endsWith('.part'));

describe('speakEpisode with the embedded voice', () => {
  it('writes one playable 64 kbps mono MP3 whose length fits the text, reporting progress per chunk', async () => {
    const file = outFile('article');
    const progress: Array<[number, number]> = [];
    const result = await speakEpisode({
      engine,
      text: ARTICLE,
      voice: 'en-us',
      outFile: file,
      chunkChars: 200,
      onProgress: (done, total) => void progress.push([done, total]),
    });

    const bytes = new Uint8Array(fs.readFileSync(file));
    expect(result.bytes).toBe(bytes.length);

    // progress: one call per chunk, in order, ending at total
    const total = progress[0]![1];
    expect(total).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));

    // every frame: MPEG Layer III at 64 kbps, mono, at the voice's own rate
    const headers = frameHeaders(bytes);
    expect(new Set(headers.map((h) => h.bitrateKbps))).toEqual(new Set([64]));
    expect(new Set(headers.map((h) => h.channels))).toEqual(new Set([1]));
    expect(new Set(headers.map((h) => h.sampleRate))).toEqual(new Set([22_050]));

    // decoded by an independent decoder: the reported duration is the audio's, and it is speech
    const audio = await decodeMp3File(file);
    expect(audio.errors).toBe(0);
    expect(audio.sampleRate).toBe(22_050);
    expect(Math.abs(audio.durationMs - result.durationMs)).toBeLessThan(30);
    const minutes = result.durationMs / 60_000;
    const words = wordCount(ARTICLE) + 6; // "$2.5 million" and "12%" read as more words
    expect(words / minutes).toBeGreaterThan(120);
    expect(words / minutes).toBeLessThan(260);
    expect(rms(audio.samples)).toBeGreaterThan(0.03);
    expect(leftovers()).toEqual([]);
  });

  it('joins chunks without gaps: the same text split in many chunks sounds as long as in one', async () => {
    const long = Array.from({ length: 3 }, () => ARTICLE).join('\n');
    const whole = await speakEpisode({ engine, text: long, voice: 'en-us', outFile: outFile('whole'), chunkChars: 5_000 });
    let chunks = 0;
    const split = await speakEpisode({
      engine,
      text: long,
      voice: 'en-us',
      outFile: outFile('split'),
      chunkChars: 150,
      onProgress: (_, total) => void (chunks = total),
    });
    expect(chunks).toBeGreaterThanOrEqual(10);
    expect(Math.abs(split.durationMs - whole.durationMs) / whole.durationMs).toBeLessThan(0.03);
    const [wholeAudio, splitAudio] = await Promise.all([decodeMp3File(outFile('whole')), decodeMp3File(outFile('split'))]);
    // no pause at a join is longer than the longest pause the voice makes anyway (a paragraph break)
    expect(longestPauseMs(splitAudio)).toBeLessThanOrEqual(longestPauseMs(wholeAudio) + 50);
  });

  it('stops when the signal aborts and leaves no file behind', async () => {
    const controller = new AbortController();
    const file = outFile('aborted');
    const attempt = speakEpisode({
      engine,
      text: Array.from({ length: 10 }, () => ARTICLE).join('\n'),
      voice: 'en-us',
      outFile: file,
      chunkChars: 200,
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 2) controller.abort();
      },
    });
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(fs.existsSync(file)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a script with nothing to read aloud', async () => {
    const file = outFile('nothing');
    await expect(
      speakEpisode({ engine, text: '🎧 https://example.com/x 👍', voice: 'en-us', outFile: file }),
    ).rejects.toThrow(SpeechError);
    expect(fs.existsSync(file)).toBe(false);
  });
});

/** An engine that answers every chunk with the given PCM, to see what the episode does with it. */
function engineAnswering(pcm: (chunk: string) => Int16Array[]): SpeechEngine {
  return {
    name: 'openai',
    sampleRate: 24_000,
    maxChunkChars: 4096,
    defaultVoice: 'test',
    voices: async () => [],
    async *synthesize(text) {
      yield* pcm(text);
    },
    close: async () => {},
  };
}

describe('speakEpisode refuses to write a file that is not speech', () => {
  it.each([
    ['only silence', () => [new Int16Array(24_000)], /only silence/],
    ['nothing for a chunk', (chunk: string) => (chunk.includes('second') ? [] : [tone(24_000)]), /no audio for part 2 of 2/],
  ])('an engine that returns %s', async (_, answer, message) => {
    const file = outFile('refused');
    const attempt = speakEpisode({
      engine: engineAnswering(answer),
      text: 'The first sentence here.\nThe second sentence there.',
      voice: 'test',
      outFile: file,
      chunkChars: 30,
    });
    await expect(attempt).rejects.toThrow(SpeechError);
    await expect(attempt).rejects.toThrow(message);
    expect(fs.existsSync(file)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('encodes another engine’s sample rate as it is (24 kHz in, 24 kHz MP3 out)', async () => {
    const file = outFile('tone');
    const result = await speakEpisode({
      engine: engineAnswering(() => [tone(12_000), tone(12_000)]),
      text: 'A tone.',
      voice: 'test',
      outFile: file,
    });
    const audio = await decodeMp3File(file);
    expect(audio.sampleRate).toBe(24_000);
    expect(Math.abs(audio.durationMs - result.durationMs)).toBeLessThan(30);
    expect(result.durationMs).toBeGreaterThan(1_000);
    expect(result.durationMs).toBeLessThan(1_150);
  });
});

/** A 440 Hz tone at a quarter of full scale, at 24 kHz. */
function tone(samples: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24_000)));
}
