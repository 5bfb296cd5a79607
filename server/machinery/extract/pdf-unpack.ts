/**
 * The unpack budget of a PDF, checked before pdf.js reads it: every stream is decoded through its
 * whole declared filter chain (stacked Flate, LZW, RunLength, ASCIIHex/ASCII85), every step's bytes
 * counted as they are made, and the file refused once the streams together pass the budget. A
 * dictionary is read as pdf.js reads it (names `#`-escaped, filters named through a reference), and
 * every stream is also tried as zlib data whatever its dictionary says.
 */
import { chainOutputBytes, filterStep, type FilterStep } from './pdf-filters.ts';

/** Whether `data` opens with a zlib header (deflate, a valid check), as Flate data does. */
function zlibHeader(data: Buffer): boolean {
  return data.length >= 2 && (data[0]! & 0x0f) === 8 && (data[0]! >> 4) <= 7 && ((data[0]! << 8) | data[1]!) % 31 === 0;
}

/** ASCIIHex or ASCII85 text decoded, so Flate data wrapped in either is seen; null when `data` is neither. */
function asciiUnwrapped(data: Buffer): { step: FilterStep; decoded: Buffer } | null {
  const text = data.subarray(0, 64).toString('latin1').replace(/\s+/g, '');
  if (/^[0-9a-f]{4,}/i.test(text)) return { step: filterStep('AHx', '')!, decoded: Buffer.from(text.slice(0, 4), 'hex') };
  const a85 = /^(?:<~)?([!-uz]{5})/.exec(text);
  if (!a85) return null;
  let value = 0;
  for (const char of a85[1]!.replace(/z.*/, '!!!!!')) value = value * 85 + (char.charCodeAt(0) - 33);
  return { step: filterStep('A85', '')!, decoded: Buffer.from([(value >>> 24) & 0xff, (value >>> 16) & 0xff]) };
}

/** A dictionary as pdf.js reads its names: `#xx` escapes decoded (`/F#6CateDecode` is /FlateDecode). */
const unescapedNames = (dictionary: string) => dictionary.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The bytes a real image unpacks to at most (four components of 16 bits, a predictor byte a row), or null when the dictionary is no image's. */
function declaredImageBytes(dictionary: string): number | null {
  if (!/\/Subtype\s*\/Image\b/.test(dictionary)) return null;
  const width = /\/Width\s+(\d+)/.exec(dictionary);
  const height = /\/Height\s+(\d+)/.exec(dictionary);
  if (!width || !height) return null;
  return Number(width[1]) * Number(height[1]) * 8 + Number(height[1]) + 1024;
}

/** The file's objects by number and generation ("12 0"), found once when a filter names one. */
function objectIndex(bytes: Buffer) {
  let index: Map<string, number> | null = null;
  return (reference: string): string | null => {
    if (!index) {
      index = new Map();
      const text = bytes.toString('latin1');
      for (const match of text.matchAll(/(?<![\d])(\d+)\s+(\d+)\s+obj\b/g)) index.set(`${match[1]} ${match[2]}`, match.index + match[0].length);
    }
    const at = index.get(reference);
    if (at === undefined) return null;
    return unescapedNames(bytes.subarray(at, Math.min(bytes.length, at + 1024)).toString('latin1').split('endobj')[0]!);
  };
}

const REFERENCE = /(\d+)\s+(\d+)\s+R/g;

/**
 * Every chain a dictionary may declare (each `/Filter` in it, its references followed), as decoders
 * up to the first filter text reading leaves packed (image codecs, encryption).
 */
function declaredChains(dictionary: string, resolve: (reference: string) => string | null): FilterStep[][] {
  const chains: FilterStep[][] = [];
  for (const match of dictionary.matchAll(/\/Filter\s*(\/[^\s/[\]<>()]+|\[[^\]]*\]|\d+\s+\d+\s+R)/g)) {
    let value = match[1]!;
    // A reference to a name or an array, whose items may be references too.
    for (let depth = 0; depth < 2 && REFERENCE.test(value); depth++) {
      value = value.replace(REFERENCE, (_, n: string, g: string) => ` ${resolve(`${n} ${g}`) ?? '/Unresolved'} `);
    }
    const names = [...value.matchAll(/\/([^\s/[\]<>()]+)/g)].map((m) => m[1]!);
    const steps: FilterStep[] = [];
    for (const name of names) {
      const step = filterStep(name, dictionary);
      if (!step) break;
      steps.push(step);
    }
    if (steps.length > 0) chains.push(steps);
  }
  return chains;
}

/** The chain the data itself suggests: zlib data, bare or inside ASCIIHex or ASCII85. */
function sniffedChain(raw: Buffer): FilterStep[] | null {
  if (zlibHeader(raw)) return [filterStep('Fl', '')!];
  const wrapped = asciiUnwrapped(raw);
  return wrapped && zlibHeader(wrapped.decoded) ? [wrapped.step, filterStep('Fl', '')!] : null;
}

/** The most bytes any of the chains makes of `data` (stopping past `limit`). */
async function mostMade(data: Buffer, chains: readonly FilterStep[][], limit: number): Promise<number> {
  let most = 0;
  for (const chain of chains) {
    most = Math.max(most, await chainOutputBytes(data, chain, limit));
    if (most > limit) break;
  }
  return most;
}

/**
 * Throws `refusal()` when the streams pdf.js may unpack to read text, together, make more than `budget`
 * bytes through their filter chains. A real image (what it unpacks to within what its width and height
 * allow) counts against `imageBudget` instead, as pdf.js leaves images packed when it reads text.
 */
export async function checkUnpackedSize(bytes: Buffer, budget: number, refusal: () => Error, imageBudget = budget * 4): Promise<void> {
  let left = budget;
  let imagesLeft = imageBudget;
  let at = 0;
  let objectFrom = 0;
  const resolve = objectIndex(bytes);
  for (;;) {
    const open = bytes.indexOf('stream', at, 'latin1');
    if (open < 0) return;
    at = open + 6;
    // "endstream" contains "stream": only a keyword followed by its end of line opens data.
    if (bytes.subarray(open - 3, open).toString('latin1') === 'end') {
      objectFrom = at;
      continue;
    }
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    const end = bytes.indexOf('endstream', start, 'latin1');
    if (end < 0) return;
    // The stream's own dictionary: from its object's start, however long.
    const before = bytes.subarray(objectFrom, open).toString('latin1');
    const dictionary = unescapedNames(before.slice(before.lastIndexOf(' obj') + 4));
    at = end + 9;
    objectFrom = at;
    const raw = bytes.subarray(start, end);
    const sniffed = sniffedChain(raw);
    const chains = [...declaredChains(dictionary, resolve), ...(sniffed ? [sniffed] : [])];
    if (chains.length === 0) continue;
    const image = declaredImageBytes(dictionary);
    if (image !== null && image <= imagesLeft) {
      const size = await mostMade(raw, chains, image);
      if (size <= image) {
        imagesLeft -= size;
        continue;
      }
    }
    left -= await mostMade(raw, chains, left);
    if (left < 0) throw refusal();
  }
}
