/**
 * Natural voices, per voice installed in DATA_DIR/voices: time to the first audio (cold: the load
 * check in its own process, the worker and the model; then warm), the real-time factor over a
 * passage spoken sentence by sentence (synthesis time / audio time, below 1 is faster than real
 * time), and the process's resident memory once the voice is loaded.
 *
 * With no voice installed (this machine cannot download the real ones) it measures the tiny fake
 * Piper model the tests build, served from a local address, and says so: those figures show the
 * pipeline's own cost, not a real voice's.
 *
 * Then the longest event-loop stall while a voice installs: the fake voice padded to about 60 MB of
 * archive (BENCH_VOICE_MB) is downloaded from a local server in a process of its own
 * (support/archive-server.ts), hashed and unpacked (in a worker thread) and load-checked (in a child
 * process), while a 10 ms timer measures how late each of its ticks fires, and which step was under
 * way at the longest. The same timer with nothing to do first says what the machine's load alone
 * costs: on a busy machine under `nice`, a few milliseconds of work on the main thread can wait
 * many times as long for a core. So it also says the most CPU time the main thread spent between two
 * ticks (`process.threadCpuUsage`): the work the install puts on the event loop in one go, which
 * the machine's load does not change.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createEspeakEngine } from '../../server/machinery/speech/espeak-engine.ts';
import { createNaturalEngine } from '../../server/machinery/speech/natural-engine.ts';
import { naturalVoices, type CatalogueVoice } from '../../server/machinery/voices/voice-catalogue.ts';
import { createVoiceStore, type VoiceStore } from '../../server/machinery/voices/voice-store.ts';
import { piperVoiceEntries, serveArchives, tarBz2 } from '../../server/test/fake-voice.ts';
import { machineNote, median, table } from './support/report.ts';

const SENTENCES = [
  'The town council met on Tuesday evening to discuss the new bridge across the river.',
  'Most of the residents who came to the meeting were in favour of the plan.',
  'Several shop owners worried about the months of building work on the main street.',
  'After a long debate, the council agreed to ask the public for their views.',
  'A final decision is expected in the spring.',
];

const FAKE: CatalogueVoice = {
  id: 'fake-piper-en',
  name: 'Fake Piper voice (tests)',
  language: 'en',
  kind: 'piper',
  quality: 'x_low',
  gender: 'female',
  archive: 'vits-piper-en_US-fake-x_low.tar.bz2',
  model: 'en_US-fake-x_low.onnx',
  approxBytes: 10_000_000,
  sha256: null,
  licence: 'test fixture',
  licenceSource: 'https://example.test/MODEL_CARD', licenceUse: 'commercial',
  sampleRate: 22_050,
};

/** A store with the fake voice installed in a temporary DATA_DIR. */
async function fakeStore(): Promise<VoiceStore> {
  const archive = await tarBz2(piperVoiceEntries(FAKE.archive.replace(/\.tar\.bz2$/, ''), FAKE.model));
  const server = await serveArchives({ [FAKE.archive]: archive });
  try {
    const store = createVoiceStore({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-voices-')), modelsUrl: server.url, downloads: true, catalogue: [FAKE] });
    await store.install(FAKE.id);
    return store;
  } finally {
    await server.close();
  }
}

/** The main thread's own CPU time (Node 22.19 and later; not in @types/node yet). */
const threadCpuUsage = (previous?: NodeJS.CpuUsage): NodeJS.CpuUsage =>
  (process as NodeJS.Process & { threadCpuUsage(previous?: NodeJS.CpuUsage): NodeJS.CpuUsage }).threadCpuUsage(previous);

/**
 * Runs `work` while a 10 ms timer measures the longest it fired late and the loop delay's 99th
 * percentile; `during()` names what was under way when the longest stall ended.
 */
async function stallDuring(
  work: () => Promise<void>,
  during: () => string = () => '',
): Promise<{ seconds: number; longestMs: number; p99Ms: number; at: string; cpuMs: number; cpuAt: string }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let longestGap = 0;
  let at = '';
  let mostCpu = 0;
  let cpuAt = '';
  let last = performance.now();
  let lastCpu = threadCpuUsage();
  const tick = setInterval(() => {
    const now = performance.now();
    const used = threadCpuUsage(lastCpu);
    const cpu = (used.user + used.system) / 1000;
    if (now - last - 10 > longestGap) {
      longestGap = now - last - 10;
      at = during();
    }
    if (cpu > mostCpu) {
      mostCpu = cpu;
      cpuAt = during();
    }
    last = now;
    lastCpu = threadCpuUsage();
  }, 10);
  histogram.enable();
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(tick);
    histogram.disable();
  }
  return { seconds: (performance.now() - started) / 1000, longestMs: longestGap, p99Ms: histogram.percentile(99) / 1e6, at, cpuMs: mostCpu, cpuAt };
}

/** Serves one archive from a child process; answers its base address and the way to stop it. */
async function archiveServerProcess(name: string, archive: Buffer): Promise<{ url: string; close: () => void }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-archive-')), name);
  fs.writeFileSync(file, archive);
  const child = fork(path.join(import.meta.dirname, 'support', 'archive-server.ts'), [name, file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the archive server stopped (exit code ${code})`)));
  });
  return {
    url,
    close: () => {
      child.disconnect();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** Installs the fake voice padded to `megabytes` of archive, measuring how long the event loop is held meanwhile. */
async function installStall(megabytes: number): Promise<string[][]> {
  const folder = FAKE.archive.replace(/\.tar\.bz2$/, '');
  // Random bytes do not compress: the archive is about as big as its content, as a real voice's model.
  const archive = await tarBz2([...piperVoiceEntries(folder, FAKE.model), { name: `${folder}/padding.bin`, data: crypto.randomBytes(megabytes * 1_000_000) }]);
  const server = await archiveServerProcess(FAKE.archive, archive);
  const store = createVoiceStore({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-voices-')),
    modelsUrl: server.url,
    downloads: true,
    catalogue: [{ ...FAKE, approxBytes: archive.length }],
  });
  // The same timer with nothing to do: what this machine's load alone delays it by.
  const idle = await stallDuring(() => new Promise((r) => setTimeout(r, 10_000)));
  const step = () => {
    const state = store.list()[0]!.state;
    return state.state === 'downloading' ? state.phase : state.state;
  };
  const install = await stallDuring(() => store.install(FAKE.id).then(() => undefined), step).finally(() => server.close());
  const row = (what: string, m: typeof idle) => [
    what,
    `${m.seconds.toFixed(1)} s`,
    `${Math.round(m.longestMs)} ms`,
    m.at || '-',
    `${m.p99Ms.toFixed(1)} ms`,
    `${m.cpuMs.toFixed(1)} ms`,
    m.cpuAt || '-',
  ];
  return [row('idle (the machine alone)', idle), row(`install of a ${(archive.length / 1e6).toFixed(0)} MB archive`, install)];
}

export default async function naturalVoicesBench(): Promise<void> {
  const config = loadConfig({ ...process.env, VOICE_DOWNLOADS: 'off' });
  const real = createVoiceStore({ dataDir: config.dataDir, modelsUrl: config.voices.modelsUrl, downloads: false });
  const installed = real.list().filter((v) => v.state.state === 'installed');
  const store = installed.length > 0 ? real : await fakeStore();
  if (installed.length === 0) {
    console.log(`No natural voice is installed in ${real.dir}: measuring the FAKE test model instead (a tone per phoneme, no neural network).`);
    console.log('Install real ones with `pagecast voices install <id>` (same DATA_DIR) and run this again for their figures.');
  }
  const espeak = createEspeakEngine();
  const engine = createNaturalEngine({ store, espeak });
  const rows: string[][] = [];
  try {
    for (const voice of naturalVoices(store.catalogue).filter((v) => store.installed(v.model.id))) {
      const rssBefore = process.memoryUsage().rss;
      const firstAudio = async () => {
        const started = performance.now();
        for await (const pcm of engine.synthesize(SENTENCES[0]!, { voice: voice.id })) {
          void pcm;
          return performance.now() - started;
        }
        return NaN;
      };
      const cold = await firstAudio();
      const warm = median([await firstAudio(), await firstAudio(), await firstAudio()]);
      let samples = 0;
      const started = performance.now();
      for (const sentence of SENTENCES) for await (const pcm of engine.synthesize(sentence, { voice: voice.id })) samples += pcm.length;
      const elapsed = performance.now() - started;
      const audioMs = (samples / engine.sampleRate) * 1000;
      const fellBack = engine.fallbacks.get(voice.id);
      rows.push([
        voice.id + (fellBack ? ' (FELL BACK to espeak)' : ''),
        `${Math.round(cold)} ms`,
        `${Math.round(warm)} ms`,
        (elapsed / audioMs).toFixed(3),
        `${Math.round((process.memoryUsage().rss - rssBefore) / 1e6)} MB`,
        `${Math.round(process.memoryUsage().rss / 1e6)} MB`,
      ]);
    }
  } finally {
    await engine.close();
  }
  console.log(table(['voice', 'first audio (cold)', 'first audio (warm)', 'real-time factor', 'memory added', 'process RSS'], rows).join('\n'));
  const megabytes = Number(process.env.BENCH_VOICE_MB ?? 60);
  console.log(`\nThe event loop while a voice installs (target: no stall over about 50 ms):`);
  console.log(
    table(['install', 'took', 'longest event-loop stall', 'during', 'loop delay p99', 'most main-thread CPU between ticks', 'during'], await installStall(megabytes)).join('\n'),
  );
  console.log(machineNote());
}
