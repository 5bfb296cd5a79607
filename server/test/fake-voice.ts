/**
 * A tiny natural voice for tests: an ONNX graph with a Piper model's inputs, output and metadata
 * that sherpa-onnx really loads and runs (each phoneme token becomes 256 samples of a 172 Hz tone),
 * packed as the release archives are (`vits-piper-…/` with the model, tokens.txt and espeak-ng-data),
 * and a local HTTP server that serves archives with Range support, or cuts them off on purpose.
 *
 * espeak-ng-data comes from the espeak-ng build the server already depends on
 * (@echogarden/espeak-ng-emscripten packs its data files in one blob listed in its loader).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import tar from 'tar-stream';

// ---- protobuf, the little ONNX needs --------------------------------------------------------

const varint = (value: number | bigint): number[] => {
  let n = BigInt(value);
  if (n < 0n) n += 1n << 64n;
  const out: number[] = [];
  do {
    let byte = Number(n & 0x7fn);
    n >>= 7n;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
};
const key = (field: number, wire: number) => varint((field << 3) | wire);
const bytes = (field: number, data: number[]) => [...key(field, 2), ...varint(data.length), ...data];
const str = (field: number, text: string) => bytes(field, [...Buffer.from(text, 'utf8')]);
const int = (field: number, n: number) => [...key(field, 0), ...varint(n)];
const msg = (field: number, parts: number[][]) => bytes(field, parts.flat());

const FLOAT = 1;
const INT64 = 7;
const tensor = (name: string, dims: number[], type: number, values: number[]) => {
  const data =
    type === FLOAT
      ? bytes(4, [...Buffer.from(new Float32Array(values).buffer)])
      : bytes(7, values.flatMap((v) => varint(v)));
  return [...dims.flatMap((d) => int(1, d)), ...int(2, type), ...str(8, name), ...data];
};
const valueInfo = (name: string, type: number, dims: (number | string)[]) => [
  ...str(1, name),
  ...msg(2, [msg(1, [int(1, type), msg(2, dims.map((d) => msg(1, [typeof d === 'number' ? int(1, d) : str(2, d)])))])]),
];
const node = (op: string, inputs: string[], outputs: string[], attributes: number[][] = []) => [
  ...inputs.flatMap((i) => str(1, i)),
  ...outputs.flatMap((o) => str(2, o)),
  ...str(3, `${outputs[0]}_node`),
  ...str(4, op),
  ...attributes.flat(),
];
const intAttribute = (name: string, value: number) => msg(5, [str(1, name), int(3, value), int(20, 2)]);

/** Samples each token becomes. */
export const FAKE_SAMPLES_PER_TOKEN = 256;

/**
 * A Piper-shaped model: inputs `input` int64 [1,N], `input_lengths` int64 [1], `scales` float [3];
 * output `output` float [1,1,N·256]; metadata as sherpa-onnx reads it for a Piper VITS voice.
 */
export function fakePiperModel(options: { sampleRate?: number; language?: string; voice?: string } = {}): Buffer {
  const hop = FAKE_SAMPLES_PER_TOKEN;
  const wave = Array.from({ length: hop }, (_, i) => Math.sin((2 * Math.PI * 2 * i) / hop));
  const graph = [
    msg(1, [node('Cast', ['input'], ['as_float'], [intAttribute('to', FLOAT)])]),
    msg(1, [node('Mul', ['as_float', 'zero'], ['zeros'])]),
    msg(1, [node('Add', ['zeros', 'amplitude'], ['levels'])]),
    msg(1, [node('Reshape', ['levels', 'column'], ['levels3'])]),
    msg(1, [node('Mul', ['levels3', 'wave'], ['frames'])]),
    msg(1, [node('Reshape', ['frames', 'waveform'], ['output'])]),
    str(2, 'fake-piper'),
    msg(5, [tensor('zero', [], FLOAT, [0])]),
    msg(5, [tensor('amplitude', [], FLOAT, [0.3])]),
    msg(5, [tensor('wave', [hop], FLOAT, wave)]),
    msg(5, [tensor('column', [3], INT64, [1, -1, 1])]),
    msg(5, [tensor('waveform', [3], INT64, [1, 1, -1])]),
    msg(11, [valueInfo('input', INT64, [1, 'N'])]),
    msg(11, [valueInfo('input_lengths', INT64, [1])]),
    msg(11, [valueInfo('scales', FLOAT, [3])]),
    msg(12, [valueInfo('output', FLOAT, [1, 1, 'T'])]),
  ];
  const metadata: Record<string, string> = {
    model_type: 'vits',
    comment: 'piper',
    language: options.language ?? 'English',
    voice: options.voice ?? 'en-us',
    has_espeak: '1',
    n_speakers: '1',
    sample_rate: String(options.sampleRate ?? 22_050),
    add_blank: '0',
    punctuation: '; : , . ! ? ¡ ¿ — … " « » “ ”',
  };
  const model = [
    int(1, 8), // ir_version
    str(2, 'pagecast-tests'),
    msg(7, graph),
    msg(8, [str(1, ''), int(2, 13)]), // opset 13
    ...Object.entries(metadata).map(([k, v]) => msg(14, [str(1, k), str(2, v)])),
  ];
  return Buffer.from(model.flat());
}

/** Piper's tokens.txt: pad, start, end, then the IPA symbols espeak-ng writes. */
export function fakeTokens(): string {
  const symbols = [...new Set("_^$ !'(),-.:;?abcdefhijklmnopqrstuvwxyzæçðøŋœɐɑɒɔəɚɛɜɡɪɫɬɲɹɾʁʃʊʌʒʔʲˈˌːθχᵻ")];
  return symbols.map((s, i) => `${s} ${i}\n`).join('');
}

let espeakDataDir: string | undefined;

/** espeak-ng's data folder (English dictionary only), unpacked once a process. */
export function fakeEspeakData(): string {
  if (espeakDataDir) return espeakDataDir;
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('@echogarden/espeak-ng-emscripten/package.json'));
  const loader = fs.readFileSync(path.join(packageDir, 'espeak-ng.js'), 'utf8');
  const blob = fs.readFileSync(path.join(packageDir, 'espeak-ng.data'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-espeak-data-'));
  for (const m of loader.matchAll(/\{filename:"\/usr\/share\/espeak-ng-data\/([^"]+)",start:(\d+),end:(\d+)\}/g)) {
    const [, file, start, end] = m as unknown as [string, string, string, string];
    if (file.endsWith('_dict') && file !== 'en_dict') continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), blob.subarray(Number(start), Number(end)));
  }
  if (!fs.existsSync(path.join(dir, 'phontab'))) throw new Error('espeak-ng data not found in @echogarden/espeak-ng-emscripten');
  espeakDataDir = dir;
  return dir;
}

/** A file inside an archive: its bytes, or a special entry a hostile archive would hold. */
export type ArchiveEntry =
  | { name: string; data: Buffer | string }
  | { name: string; symlinkTo: string }
  | { name: string; hardlinkTo: string }
  | { name: string; type: 'directory' | 'character-device' | 'fifo' };

/** The files of a Piper voice folder as the release archives lay them out, espeak-ng-data included. */
export function piperVoiceEntries(folder: string, modelFile: string, model: Buffer = fakePiperModel()): ArchiveEntry[] {
  const data = fakeEspeakData();
  const espeak: ArchiveEntry[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else espeak.push({ name: `${folder}/espeak-ng-data/${path.relative(data, full)}`, data: fs.readFileSync(full) });
    }
  };
  walk(data);
  return [{ name: `${folder}/${modelFile}`, data: model }, { name: `${folder}/tokens.txt`, data: fakeTokens() }, ...espeak];
}

interface Bzip2Module {
  compressBZ2(input: Uint8Array, blockSize: number, workFactor: number): { error: number; output: Uint8Array };
}
let bzip2: Promise<Bzip2Module> | undefined;

/** libbzip2 in wasm (no bzip2 program needed); its module is a thenable, so it is unwrapped by hand. */
function loadBzip2(): Promise<Bzip2Module> {
  bzip2 ??= new Promise((resolve) => {
    const require = createRequire(import.meta.url);
    // Its emscripten loader adds process handlers that turn any uncaught error into a crash: removed.
    const before = { exception: process.listeners('uncaughtException'), rejection: process.listeners('unhandledRejection') };
    const factory = require('libbzip2-wasm') as () => { then(cb: (m: Bzip2Module & { then?: unknown }) => void): void };
    for (const l of process.listeners('uncaughtException')) if (!before.exception.includes(l)) process.off('uncaughtException', l);
    for (const l of process.listeners('unhandledRejection')) if (!before.rejection.includes(l)) process.off('unhandledRejection', l);
    factory().then((module) => {
      delete module.then;
      resolve(module);
    });
  });
  return bzip2;
}

/** One bzip2 stream of `data`. */
export async function bzip2Of(data: Buffer): Promise<Buffer> {
  const module = await loadBzip2();
  const result = module.compressBZ2(new Uint8Array(data), 9, 30);
  if (result.error) throw new Error(`bzip2 failed with code ${result.error}`);
  return Buffer.from(result.output);
}

/** A `.tar.bz2` of the entries, as the voice releases are packed. */
export async function tarBz2(entries: ArchiveEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: unknown) => void chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const entry of entries) {
    if ('symlinkTo' in entry) pack.entry({ name: entry.name, type: 'symlink', linkname: entry.symlinkTo });
    else if ('hardlinkTo' in entry) pack.entry({ name: entry.name, type: 'link', linkname: entry.hardlinkTo });
    else if ('type' in entry) pack.entry({ name: entry.name, type: entry.type });
    else pack.entry({ name: entry.name }, typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data);
  }
  pack.finalize();
  await ended;
  return bzip2Of(Buffer.concat(chunks));
}

export interface ArchiveServer {
  /** The base address to give as VOICE_MODELS_URL. */
  url: string;
  /** Every request's path and Range header (and If-Range when sent), in order. */
  requests: { path: string; range: string | undefined; ifRange?: string }[];
  /** Serves `name` with these bytes from now on. */
  set(name: string, data: Buffer): void;
  /** The next response for `name` stops after this many bytes (the connection is cut). */
  cutNextAfter(name: string, bytes: number): void;
  /** The next response for `name` sends this many bytes, then nothing more, the connection left open. */
  stallNextAfter(name: string, bytes: number): void;
  /** Answers the next request itself when `answer` returns true (a hostile or broken mirror). */
  intercept(answer: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | null): void;
  close(): Promise<void>;
}

/**
 * A local archive server: 200 or 206 (Range) for a known name, 404 for any other. Each file has an
 * ETag (its SHA-1, computed once when it is set), and a Range whose If-Range is not the current ETag
 * gets the whole file (200).
 */
export async function serveArchives(files: Record<string, Buffer> = {}): Promise<ArchiveServer> {
  const served = new Map<string, { data: Buffer; etag: string }>();
  const set = (name: string, data: Buffer) => void served.set(name, { data, etag: `"${crypto.createHash('sha1').update(data).digest('hex')}"` });
  for (const [name, data] of Object.entries(files)) set(name, data);
  const cuts = new Map<string, number>();
  const stalls = new Set<string>();
  const requests: ArchiveServer['requests'] = [];
  let interceptor: Parameters<ArchiveServer['intercept']>[0] = null;
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('/').pop() ?? '');
    const ifRange = req.headers['if-range'] as string | undefined;
    requests.push({ path: req.url ?? '', range: req.headers.range, ...(ifRange ? { ifRange } : {}) });
    if (interceptor?.(req, res)) return;
    const file = served.get(name);
    if (!file) return res.writeHead(404).end();
    const { data, etag } = file;
    const range = ifRange === undefined || ifRange === etag ? req.headers.range : undefined;
    const from = Number(range?.match(/^bytes=(\d+)-$/)?.[1] ?? 0);
    if (from >= data.length && range) return res.writeHead(416, { 'content-range': `bytes */${data.length}` }).end();
    const body = data.subarray(from);
    const headers = { 'content-length': String(body.length), 'content-type': 'application/x-bzip2', etag };
    if (range) res.writeHead(206, { ...headers, 'content-range': `bytes ${from}-${data.length - 1}/${data.length}` });
    else res.writeHead(200, headers);
    const cut = cuts.get(name);
    if (cut === undefined) return res.end(body);
    cuts.delete(name);
    res.write(body.subarray(0, cut), () => {
      // A stall keeps the connection open, sending nothing more; a cut closes it.
      if (!stalls.delete(name)) res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tts-models`,
    requests,
    set,
    cutNextAfter: (name, bytes) => void cuts.set(name, bytes),
    stallNextAfter: (name, bytes) => {
      cuts.set(name, bytes);
      stalls.add(name);
    },
    intercept: (answer) => void (interceptor = answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
