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
  /** Each view position's kind of character: 0 no word's, 1 a word's, 2 a word's in a script without spaces. */
  kind: Uint8Array;
}

const kindOf = (ch: string) => (!WORD.test(ch) ? 0 : UNSPACED.test(ch) ? 2 : 1);

/** ASCII by table (most text), the rest by Unicode property. */
const ASCII_KIND = Uint8Array.from({ length: 128 }, (_, c) => (/[A-Za-z0-9_]/.test(String.fromCharCode(c)) ? 1 : 0));
const isAsciiSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

const UTF16 = new TextDecoder('utf-16le');

function textView(text: string): TextView {
  const exact = new Uint16Array(text.length);
  const folded = new Uint16Array(text.length);
  const at = new Int32Array(text.length);
  const kind = new Uint8Array(text.length);
  let n = 0;
  let space = true; // white space at the start is dropped
  const put = (unit: number, low: number, from: number, k: number) => {
    exact[n] = unit;
    folded[n] = low;
    at[n] = from;
    kind[n++] = k;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (isAsciiSpace(c)) {
        if (!space) put(32, 32, i, 0);
        space = true;
      } else {
        space = false;
        put(c, c >= 65 && c <= 90 ? c + 32 : c, i, ASCII_KIND[c]!);
      }
      i++;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (SPACE.test(ch)) {
      if (!space) put(32, 32, i, 0);
      space = true;
    } else {
      space = false;
      const out = APOSTROPHES.has(ch) ? "'" : ch;
      const low = lower(out);
      const k = kindOf(out);
      for (let u = 0; u < out.length; u++) put(out.charCodeAt(u), low.charCodeAt(u), i + u, k);
    }
    i += ch.length;
  }
  return { exact: UTF16.decode(exact.subarray(0, n)), folded: UTF16.decode(folded.subarray(0, n)), at: at.subarray(0, n), kind: kind.subarray(0, n) };
}

/** An Aho–Corasick automaton over UTF-16 units; `out` holds the entry ending at a node (or -1). */
class Automaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly depth: number[] = [0];
  private readonly out: number[] = [-1];
  private fail: Int32Array = new Int32Array(1);
  /** The nearest node down the failure chain that ends an entry (0: none). */
  private dict: Int32Array = new Int32Array(1);
  /** Whether an entry ending at the node or down its chain ends in a script without spaces. */
  private unspacedChain: Uint8Array = new Uint8Array(1);

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

  /** Links the trie; `unspacedLast[entry]` says whether the entry's last character is of a script without spaces. */
  build(unspacedLast: Uint8Array): void {
    const n = this.next.length;
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n);
    this.unspacedChain = new Uint8Array(n);
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
    // Breadth first, so a node's chain (all shallower) is done before it.
    for (const node of queue) {
      const own = this.out[node]! !== -1 && unspacedLast[this.out[node]!] === 1;
      this.unspacedChain[node] = own || this.unspacedChain[this.dict[node]!] === 1 ? 1 : 0;
    }
  }

  /**
   * Calls `found(entry, endExclusive, length)` for every entry occurrence in `view`; where `wordAfter(end)`
   * says a word goes on past the end, only entries ending in a script without spaces are looked at.
   */
  scan(view: string, work: MatchWork, wordAfter: (end: number) => boolean, found: (entry: number, end: number, length: number) => void): void {
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
      if (wordAfter(j + 1) && !this.unspacedChain[node]) continue;
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
  // Whether each entry's first and last characters are of a script written without spaces.
  const unspacedFirst = new Uint8Array(entries.length);
  const unspacedLast = new Uint8Array(entries.length);
  entries.forEach((entry, index) => {
    const view = viewOf(entry.written, entry.caseSensitive);
    if (!view) return;
    (entry.caseSensitive ? exact : folded).add(view, index);
    unspacedFirst[index] = kindOf(String.fromCodePoint(view.codePointAt(0)!)) === 2 ? 1 : 0;
    unspacedLast[index] = kindOf([...view.slice(-2)].at(-1)!) === 2 ? 1 : 0;
  });
  exact.build(unspacedLast);
  folded.build(unspacedLast);

  return {
    find(text, work = { steps: 0 }) {
      const view = textView(text);
      const n = view.exact.length;
      const { kind } = view;
      const bestLength = new Int32Array(n);
      const bestEntry = new Int32Array(n).fill(-1);
      const bestExact = new Uint8Array(n);
      const consider = (isExact: boolean) => (entry: number, end: number, length: number) => {
        const start = end - length;
        // A word's character either side joins the match to a longer word, unless either is of a script without spaces.
        if (start > 0 && kind[start - 1] === 1 && !unspacedFirst[entry]) return;
        if (end < n && kind[end] === 1 && !unspacedLast[entry]) return;
        const better =
          length > bestLength[start]! ||
          (length === bestLength[start]! && ((isExact && !bestExact[start]) || (Number(isExact) === bestExact[start] && entry < bestEntry[start]!)));
        if (bestEntry[start] === -1 || better) {
          bestLength[start] = length;
          bestEntry[start] = entry;
          bestExact[start] = isExact ? 1 : 0;
        }
      };
      const wordAfter = (end: number) => end < n && kind[end] === 1;
      exact.scan(view.exact, work, wordAfter, consider(true));
      folded.scan(view.folded, work, wordAfter, consider(false));
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
