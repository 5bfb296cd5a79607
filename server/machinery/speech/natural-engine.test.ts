import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { FAKE_SAMPLES_PER_TOKEN, piperVoiceEntries, serveArchives, tarBz2, type ArchiveServer } from '../../test/fake-voice.ts';
import { createEncoderPool } from '../audio/episode-encoder.ts';
import { concatPcm } from '../audio/pcm.ts';
import { parseScript } from '../script/script-format.ts';
import { createVoiceStore, type VoiceEvent, type VoiceStore } from '../voices/voice-store.ts';
import { speakEpisode, type EpisodeSegment } from './episode.ts';
import { createEspeakEngine } from './espeak-engine.ts';
import { hostVoices } from './language-voices.ts';
import { createNaturalEngine, type NaturalEngineOptions } from './natural-engine.ts';
import { checkVoiceLoads } from '../voices/natural-load-check.ts';
import type { SpeechEngine } from './engine.ts';
import type { CatalogueVoice } from '../voices/voice-catalogue.ts';
import { SAFETY_NET_MS } from '../../test/wait.ts';

const FOLDER = 'vits-piper-en_US-test-low';
const MODEL = 'en_US-test-low.onnx';
/** The fake model's tone peaks at 0.3 of full scale. */
const FAKE_PEAK = Math.round(0.3 * 32767);

let archive: Buffer;
let server: ArchiveServer;
const espeak = createEspeakEngine();
const encoders = createEncoderPool({ size: 1 });
const engines: SpeechEngine[] = [];

const testVoice = (): CatalogueVoice => ({
  id: 'piper-en-us-test',
  name: 'Test voice (natural)',
  language: 'en',
  kind: 'piper',
  quality: 'low',
  gender: 'female',
  archive: `${FOLDER}.tar.bz2`,
  model: MODEL,
  approxBytes: archive.length,
  sha256: null,
  licence: 'CC0-1.0',
  licenceSource: 'https://example.test/MODEL_CARD', licenceUse: 'commercial',
  sampleRate: 22_050,
});

function storeIn(dataDir: string, downloads = true): VoiceStore {
  return createVoiceStore({ dataDir, modelsUrl: server.url, downloads, catalogue: [testVoice()] });
}

async function installed(): Promise<VoiceStore> {
  const store = storeIn(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')));
  await store.install('piper-en-us-test');
  return store;
}

function engineOver(store: VoiceStore, options: Partial<Pick<NaturalEngineOptions, 'downloadOnFirstUse' | 'maxRealTimeFactor' | 'runtime' | 'checkVoice' | 'now'>> = {}) {
  const lines: string[] = [];
  const logger = createLogger('warn', {}, (line) => void lines.push(line));
  // espeak is shared by the tests: closing an engine here must not close it.
  const engine = createNaturalEngine({ store, espeak: { ...espeak, voices: () => espeak.voices(), synthesize: (t, o) => espeak.synthesize(t, o), close: async () => {} }, logger, ...options });
  engines.push(engine);
  return { engine, lines };
}

async function spoken(engine: SpeechEngine, voice: string, text = 'Hello there, listener.'): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const pcm of engine.synthesize(text, { voice })) parts.push(pcm);
  return concatPcm(parts);
}

/** Whether the audio is the fake model's tone (and so not espeak's voice). */
function isFakeVoice(pcm: Int16Array): boolean {
  let peak = 0;
  for (const s of pcm) peak = Math.max(peak, Math.abs(s));
  return pcm.length > 0 && pcm.length % FAKE_SAMPLES_PER_TOKEN === 0 && Math.abs(peak - FAKE_PEAK) <= 1;
}

beforeAll(async () => {
  archive = await tarBz2(piperVoiceEntries(FOLDER, MODEL));
  server = await serveArchives({ [`${FOLDER}.tar.bz2`]: archive });
});
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
  await Promise.all([espeak.close(), encoders.close(), server.close()]);
});

describe('the natural voices engine', () => {
  it('speaks an English article with the installed natural voice by default, through the real sherpa-onnx, into segments and cues', async () => {
    const { engine } = engineOver(await installed());
    const voices = hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en'));
    expect(voices.host).toBe('piper-en-us-test');
    expect(engine.defaultVoice).toBe('piper-en-us-test');
    expect((await engine.voices()).find((v) => v.id === 'piper-en-us-test')).toMatchObject({ premium: false });

    expect(isFakeVoice(await spoken(engine, voices.host))).toBe(true);
    const segments: EpisodeSegment[] = [];
    const result = await speakEpisode({
      engine,
      voice: voices.host,
      language: 'en',
      sentences: parseScript('A new bridge for the town.\nThe council met on Tuesday. Most residents came to the meeting.'),
      encoders,
      gainDb: 0,
      onSegment: async (segment) => void segments.push(segment),
    });
    const cues = segments.flatMap((s) => s.cues);
    expect(cues.map((c) => c.text)).toEqual(['A new bridge for the town.', 'The council met on Tuesday.', 'Most residents came to the meeting.']);
    for (const [i, cue] of cues.entries()) {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      if (i > 0) expect(cue.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs);
    }
    expect(result.durationMs).toBeGreaterThan(cues.at(-1)!.endMs);
    expect(segments.at(-1)!.final).toBe(true);
    expect(engine.fallbacks.size).toBe(0);
  });

  it('keeps a voice too slow here to play while it is made out of the default, names it so, and still speaks it when chosen', async () => {
    // No voice keeps up with a limit of 0 seconds a second: the rule, whatever this machine's speed.
    const { engine, lines } = engineOver(await installed(), { maxRealTimeFactor: 0 });
    await engine.warmUp?.();
    expect(lines.join('')).toMatch(/too slow here to play while it is made.*"rtf":/);
    expect(engine.naturalVoices?.('en')).toEqual([]);
    expect(engine.defaultVoice).toBe('en-us');
    expect((await engine.voices()).find((v) => v.id === 'piper-en-us-test')?.name).toMatch(/\(too slow here to play while it is made\)$/);
    expect(isFakeVoice(await spoken(engine, 'piper-en-us-test'))).toBe(true);
  });

  it('falls back to espeak, with the reason logged, when the voice folder is removed while a podcast uses it', async () => {
    const store = await installed();
    const { engine, lines } = engineOver(store);
    expect(isFakeVoice(await spoken(engine, 'piper-en-us-test'))).toBe(true);
    fs.rmSync(path.join(store.dir, 'piper-en-us-test'), { recursive: true });

    const after = await spoken(engine, 'piper-en-us-test');

    expect(after.length).toBeGreaterThan(0);
    expect(isFakeVoice(after)).toBe(false);
    expect(engine.fallbacks.get('piper-en-us-test')).toMatch(/not installed \(or its folder was removed\)/);
    expect(lines.join('')).toMatch(/a natural voice fell back to espeak.*piper-en-us-test/);
    // The next podcast in English is spoken by espeak.
    expect(hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en')).host).toBe('en-us');
  });

  it('falls back to espeak when an installed model no longer loads, and this process survives it', async () => {
    const store = await installed();
    fs.writeFileSync(path.join(store.dir, 'piper-en-us-test', MODEL), Buffer.from('not an onnx model'));
    const { engine, lines } = engineOver(store);

    const pcm = await spoken(engine, 'piper-en-us-test');

    expect(pcm.length).toBeGreaterThan(0);
    expect(isFakeVoice(pcm)).toBe(false);
    expect(engine.fallbacks.get('piper-en-us-test')).toMatch(/while loading/);
    expect(lines.join('')).toMatch(/fell back to espeak/);
  });

  it('downloads the language\'s voice on first use while espeak speaks, and speaks with it once installed', async () => {
    const store = storeIn(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')));
    const { engine } = engineOver(store, { downloadOnFirstUse: true });
    const installedEvent = new Promise<VoiceEvent>((resolve) => store.subscribe((e) => e.type !== 'progress' && resolve(e)));
    // What the voice pickers are told while it downloads.
    const downloading: unknown[] = [];
    store.subscribe((e) => e.type === 'progress' && downloading.length === 0 && downloading.push(...(engine.downloads?.() ?? [])));

    expect(hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en')).host).toBe('en-us');
    expect(await installedEvent).toMatchObject({ type: 'installed', id: 'piper-en-us-test' });
    expect(downloading).toEqual([{ id: 'piper-en-us-test', name: expect.any(String), received: expect.any(Number), total: expect.any(Number) }]);
    expect(engine.downloads?.()).toEqual([]);

    expect(hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en')).host).toBe('piper-en-us-test');
  });

  it('at the first start, sweeps what a crashed install left and fetches the English voice in the background, before any article asks', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-'));
    const crashed = path.join(dataDir, 'voices', '.unpack-piper-en-us-gone-AbC123');
    fs.mkdirSync(path.join(crashed, 'half'), { recursive: true });
    const store = storeIn(dataDir);
    const { engine } = engineOver(store, { downloadOnFirstUse: true });
    const installedEvent = new Promise<VoiceEvent>((resolve) => store.subscribe((e) => e.type !== 'progress' && resolve(e)));
    await engine.warmUp?.();
    expect(await installedEvent).toMatchObject({ type: 'installed', id: 'piper-en-us-test' });
    await vi.waitFor(() => expect(fs.existsSync(crashed)).toBe(false), { timeout: SAFETY_NET_MS });
  });

  it.each([
    ['the download is cut halfway', 'cut'],
    ['the archive has the wrong checksum', 'checksum'],
    ['the archive holds a ../ path', 'escape'],
    ['the model does not load', 'broken'],
  ] as const)('keeps espeak speaking when %s on first use', async (_, fault) => {
    let name = `${FOLDER}.tar.bz2`;
    let voice = testVoice();
    if (fault === 'cut') server.cutNextAfter(name, Math.floor(archive.length / 2));
    if (fault === 'checksum') voice = { ...voice, sha256: '0'.repeat(64) };
    if (fault === 'escape' || fault === 'broken') {
      const folder = `${FOLDER}-${fault}`;
      const entries = piperVoiceEntries(folder, MODEL, fault === 'broken' ? Buffer.from('not an onnx model') : undefined);
      const bad = await tarBz2(fault === 'escape' ? [{ name: `${folder}/../../../escaped.txt`, data: 'x' }, ...entries] : entries);
      name = `${folder}.tar.bz2`;
      server.set(name, bad);
      voice = { ...voice, archive: name, approxBytes: bad.length };
    }
    const store = createVoiceStore({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')), modelsUrl: server.url, downloads: true, catalogue: [voice] });
    const { engine } = engineOver(store, { downloadOnFirstUse: true });
    const failed = new Promise<VoiceEvent>((resolve) => store.subscribe((e) => e.type !== 'progress' && resolve(e)));

    expect(engine.naturalVoices?.('en')).toEqual([]);
    expect(await failed).toMatchObject({ type: 'failed', id: 'piper-en-us-test' });

    const host = hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en')).host;
    expect(host).toBe('en-us');
    const pcm = await spoken(engine, host);
    expect(pcm.length).toBeGreaterThan(0);
    expect(isFakeVoice(pcm)).toBe(false);
  });

  it('makes no request at all with downloads off, and espeak speaks', async () => {
    const before = server.requests.length;
    const offline = engineOver(storeIn(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')), false), { downloadOnFirstUse: false });
    expect(offline.engine.naturalVoices?.('en')).toEqual([]);
    expect((await spoken(offline.engine, 'piper-en-us-test')).length).toBeGreaterThan(0);
    expect(offline.engine.fallbacks.get('piper-en-us-test')).toMatch(/not installed/);
    expect(server.requests.length).toBe(before);
  });
});

describe('what the natural voices engine tells', () => {
  it('never makes a voice whose licence is not for commercial use a default or a guest, yet speaks it when chosen', async () => {
    const store = createVoiceStore({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')), modelsUrl: server.url, downloads: true,
      catalogue: [{ ...testVoice(), licenceUse: 'non-commercial' }],
    });
    await store.install('piper-en-us-test');
    const { engine } = engineOver(store, { downloadOnFirstUse: true });
    expect(engine.defaultVoice).toBe('en-us');
    expect(hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en')).host).toBe('en-us');
    expect(hostVoices(engine.name, 'en', 'en-us', engine.defaultVoice, engine.naturalVoices?.('en')).guest).not.toBe('piper-en-us-test');
    expect(hostVoices(engine.name, 'en', 'piper-en-us-test', engine.defaultVoice, engine.naturalVoices?.('en')).host).toBe('piper-en-us-test');
    expect((await engine.voices()).find((v) => v.id === 'piper-en-us-test')).toMatchObject({ premium: true, name: expect.stringMatching(/licence: non-commercial/) });
  });

  it('where sherpa-onnx cannot run, logs why once, lists every natural voice as unavailable, downloads nothing and espeak speaks', async () => {
    const before = server.requests.length;
    const store = storeIn(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')));
    const reason = 'this system has glibc 2.31, and the sherpa-onnx-node addon needs glibc 2.32 or later (with GLIBCXX 3.4.29)';
    const { engine, lines } = engineOver(store, { downloadOnFirstUse: true, runtime: async () => ({ ok: false, reason }) });
    await engine.warmUp?.();
    await engine.warmUp?.();
    for (let i = 0; i < 5; i++) engine.naturalVoices?.('en');

    expect(lines.filter((l) => l.includes('natural voices cannot run on this system'))).toHaveLength(1);
    expect(lines[0]).toContain('espeak speaks instead');
    expect(engine.naturalStates()).toEqual([{ id: 'piper-en-us-test', name: 'Test voice (natural)', language: 'en', state: 'unavailable', reason }]);
    expect((await engine.voices()).map((v) => v.id)).not.toContain('piper-en-us-test');
    expect(server.requests.length).toBe(before);
    expect((await spoken(engine, 'piper-en-us-test')).length).toBeGreaterThan(0);
  });

  it('tells a voice off when downloads are off, and installed once it is', async () => {
    const off = engineOver(storeIn(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')), false));
    expect(off.engine.naturalStates()).toEqual([expect.objectContaining({ state: 'off' })]);
    const on = engineOver(await installed());
    expect(on.engine.naturalStates()).toEqual([expect.objectContaining({ state: 'installed' })]);
  });

  it('offline, twenty estimates in English start one download and log one failure, told with its reason and next try', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', {}, (line) => void lines.push(line));
    const clock = Date.now();
    const store = createVoiceStore({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-natural-')), modelsUrl: 'http://127.0.0.1:9/tts-models', downloads: true,
      catalogue: [testVoice()], logger, now: () => clock,
    });
    // Every install the engine asks for, so the test can wait for each to end.
    const installs: Promise<unknown>[] = [];
    const install = store.install.bind(store);
    store.install = (...args) => {
      const run = install(...args);
      installs.push(run.catch(() => {}));
      return run;
    };
    const { engine } = engineOver(store, { downloadOnFirstUse: true });
    const failed = new Promise<VoiceEvent>((resolve) => store.subscribe((e) => e.type === 'failed' && resolve(e)));
    for (let i = 0; i < 10; i++) hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en'));
    await failed;
    for (let i = 0; i < 10; i++) hostVoices(engine.name, 'en', null, engine.defaultVoice, engine.naturalVoices?.('en'));
    await Promise.all(installs); // a second attempt, were there one, has logged by now
    expect(lines.filter((l) => l.includes('voice install failed'))).toHaveLength(1);
    expect(engine.naturalStates()).toEqual([
      expect.objectContaining({ state: 'failed', reason: expect.stringMatching(/Could not reach/), nextTry: new Date(clock + 60_000).toISOString() }),
    ]);
  });

  it('tries a load check that timed out again after its back-off, and then speaks the voice', async () => {
    let clock = Date.now();
    let calls = 0;
    const store = await installed();
    const { engine, lines } = engineOver(store, {
      now: () => clock,
      checkVoice: async (config) => (++calls === 1 ? { ok: false, how: 'timeout', reason: 'The voice model did not finish loading within 120 s' } : checkVoiceLoads(config)),
    });
    expect(isFakeVoice(await spoken(engine, 'piper-en-us-test'))).toBe(false);
    expect(lines.join('')).toMatch(/load check timed out/);
    expect(engine.naturalStates().at(0)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/within 120 s/) });
    expect(isFakeVoice(await spoken(engine, 'piper-en-us-test'))).toBe(false);
    expect(calls).toBe(1);

    clock += 60_000;
    expect(isFakeVoice(await spoken(engine, 'piper-en-us-test'))).toBe(true);
    expect(calls).toBe(2);
    expect(engine.naturalStates().at(0)).toMatchObject({ state: 'installed' });
  });
});
