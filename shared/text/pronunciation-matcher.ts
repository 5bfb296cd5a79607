/**
 * Finds a member's written forms in a text in one pass, whatever the number of entries: two
 * Aho–Corasick automata (a trie with failure links), one over the text as written for entries with a
 * capital letter (matched case-sensitively), one over its lower case for the rest. Both read a view of
 * the text where any run of white space is one space and typographic apostrophes are "'", so "New
 * York" and "O’Reilly" match however they were typed. Written here rather than taken from a package:
 * each entry carries its own case rule, and the work is counted so tests can hold it linear.
 *
 * Whole words: a match is kept only when the characters either side of it are not letters, marks,
 * digits or "_" ("Nginx" in "Nginx-based" and "Saoirse's", not in "Nginxes"; "C++" in "C++ code",
 * not in "C++11"). Where either side is a script written without spaces (Han, kana, Thai…) no
 * boundary is needed, since such text has none between words ("東京" in "東京都", "Nginx" in "Nginxを").
 */

const WORD = /[\p{L}\p{M}\p{N}_]/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SPACE = /\s/u;
const APOSTROPHES = new Set(['\u2019', '\u2018', '\u02BC', '\u2032']);

/** A written form to find, and whether its case must be as written. */
export interface MatcherEntry {
  written: string;
  caseSensitive: boolean;
}

/** A match: the entry's index and its place in the original text (UTF-16, end exclusive). */
export interface Match {
  entry: number;
  start: number;
  end: number;
}

/** How much work a search did: automaton steps and candidate matches looked at. */
export interface MatchWork {
  steps: number;
}

/** One code point, folded to lower case when that keeps its length (so positions stay aligned). */
function lower(ch: string): string {
  const low = ch.toLowerCase();
  return low.length === ch.length ? low : ch;
}

/** The written form as the automaton reads it: white space runs as one space, apostrophes as "'". */
export function viewOf(written: string, caseSensitive: boolean): string {
  let out = '';
  let space = false;
  for (const ch of written.normalize('NFC')) {
    if (SPACE.test(ch)) {
      space = out.length > 0;
      continue;
    }
    if (space) out += ' ';
    space = false;
    const c = APOSTROPHES.has(ch) ? "'" : ch;
    out += caseSensitive ? c : lower(c);
  }
  return out;
}

interface TextView {
  exact: string;
  folded: string;
  /** The original index of each view position. */
  at: Int32Array;
}

function textView(text: string): TextView {
  let exact = '';
  let folded = '';
  const at: number[] = [];
  let i = 0;
  for (const ch of text) {
    if (SPACE.test(ch)) {
      if (exact.length === 0 || exact.endsWith(' ')) {
        i += ch.length;
        continue;
      }
      exact += ' ';
      folded += ' ';
      at.push(i);
    } else {
      const c = APOSTROPHES.has(ch) ? "'" : ch;
      exact += c;
      folded += lower(c);
      for (let k = 0; k < c.length; k++) at.push(i + k);
    }
    i += ch.length;
  }
  return { exact, folded, at: Int32Array.from(at) };
}

/** An Aho–Corasick automaton over UTF-16 units; `out` holds the entry ending at a node (or -1). */
class Automaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly depth: number[] = [0];
  private readonly out: number[] = [-1];
  private fail: Int32Array = new Int32Array(1);
  /** The nearest node down the failure chain that ends an entry (0: none). */
  private dict: Int32Array = new Int32Array(1);

  /** Adds a pattern; an entry already ending at its node keeps its place (the caller adds the preferred first). */
  add(pattern: string, entry: number): void {
    let node = 0;
    for (let k = 0; k < pattern.length; k++) {
      const c = pattern.charCodeAt(k);
      let to = this.next[node]!.get(c);
      if (to === undefined) {
        to = this.next.length;
        this.next.push(new Map());
        this.depth.push(this.depth[node]! + 1);
        this.out.push(-1);
        this.next[node]!.set(c, to);
      }
      node = to;
    }
    if (this.out[node] === -1) this.out[node] = entry;
  }

  build(): void {
    const n = this.next.length;
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n);
    const queue: number[] = [];
    for (const to of this.next[0]!.values()) queue.push(to);
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q]!;
      for (const [c, to] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        const target = this.next[f]!.get(c);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        const fo = this.fail[to]!;
        this.dict[to] = this.out[fo] !== -1 ? fo : this.dict[fo]!;
        queue.push(to);
      }
    }
  }

  /** Calls `found(entry, endExclusive, length)` for every entry occurrence in `view`. */
  scan(view: string, work: MatchWork, found: (entry: number, end: number, length: number) => void): void {
    let node = 0;
    for (let j = 0; j < view.length; j++) {
      const c = view.charCodeAt(j);
      let to = this.next[node]!.get(c);
      work.steps++;
      while (to === undefined && node !== 0) {
        node = this.fail[node]!;
        to = this.next[node]!.get(c);
        work.steps++;
      }
      node = to ?? 0;
      for (let o = this.out[node] !== -1 ? node : this.dict[node]!; o !== 0; o = this.dict[o]!) {
        work.steps++;
        found(this.out[o]!, j + 1, this.depth[o]!);
      }
    }
  }
}

/** A compiled list of written forms; `find` answers non-overlapping whole-word matches, leftmost then longest. */
export interface PronunciationMatcher {
  find(text: string, work?: MatchWork): Match[];
}

/**
 * Compiles entries, earlier ones preferred: at one start the longest match wins, then a
 * case-sensitive entry over one that is not, then the earlier entry.
 */
export function createMatcher(entries: readonly MatcherEntry[]): PronunciationMatcher {
  const exact = new Automaton();
  const folded = new Automaton();
  const first: string[] = [];
  const last: string[] = [];
  entries.forEach((entry, index) => {
    const view = viewOf(entry.written, entry.caseSensitive);
    if (!view) return;
    (entry.caseSensitive ? exact : folded).add(view, index);
    first[index] = String.fromCodePoint(view.codePointAt(0)!);
    last[index] = [...view.slice(-2)].at(-1)!;
  });
  exact.build();
  folded.build();

  return {
    find(text, work = { steps: 0 }) {
      const view = textView(text);
      const n = view.exact.length;
      const bestLength = new Int32Array(n);
      const bestEntry = new Int32Array(n).fill(-1);
      const bestExact = new Uint8Array(n);
      const codePointBefore = (i: number) => (i > 0 ? String.fromCodePoint(text.codePointAt(i - 1 - (isLowSurrogate(text, i - 1) ? 1 : 0))!) : '');
      const codePointAt = (i: number) => (i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : '');
      const consider = (isExact: boolean) => (entry: number, end: number, length: number) => {
        const start = end - length;
        const from = view.at[start]!;
        const to = view.at[end - 1]! + 1;
        const before = codePointBefore(from);
        const after = codePointAt(to);
        if (before && joins(before, first[entry]!)) return;
        if (after && joins(after, last[entry]!)) return;
        const better =
          length > bestLength[start]! ||
          (length === bestLength[start]! && ((isExact && !bestExact[start]) || (Number(isExact) === bestExact[start] && entry < bestEntry[start]!)));
        if (bestEntry[start] === -1 || better) {
          bestLength[start] = length;
          bestEntry[start] = entry;
          bestExact[start] = isExact ? 1 : 0;
        }
      };
      exact.scan(view.exact, work, consider(true));
      folded.scan(view.folded, work, consider(false));
      const matches: Match[] = [];
      for (let s = 0; s < n; ) {
        const entry = bestEntry[s]!;
        if (entry === -1) {
          s++;
          continue;
        }
        const end = s + bestLength[s]!;
        matches.push({ entry, start: view.at[s]!, end: view.at[end - 1]! + 1 });
        s = end;
      }
      return matches;
    },
  };
}

/** Whether a neighbouring character makes the entry's edge character part of a longer word. */
function joins(neighbour: string, edge: string): boolean {
  return WORD.test(neighbour) && !UNSPACED.test(neighbour) && !UNSPACED.test(edge);
}

function isLowSurrogate(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff && i > 0;
}
