/**
 * A member's pronunciations: what a list of 500 entries costs the voice text (sentences a second
 * with and without it, the front end included), the matcher alone in characters a second, and its
 * work per character on hostile texts of 50,000 and 200,000 characters (linear: the same per
 * character at both lengths).
 */
import { createMatcher, type MatchWork } from '../../shared/text/pronunciation-matcher.ts';
import { prepareSpeechText } from '../../shared/text/prepare-speech-text.ts';
import { compilePronunciations, type Pronunciation } from '../../shared/text/pronunciations.ts';

const WORDS = ['Nginx', 'Kubernetes', 'Saoirse', 'PostgreSQL', 'Siobhán', 'Grafana', 'Łódź', 'Nguyen', 'Xiaomi', 'Huawei'];

/** 500 entries: names like a member's (half with a capital, a tenth kept to a language). */
function memberList(): Pronunciation[] {
  return Array.from({ length: 500 }, (_, i) => {
    const base = `${WORDS[i % WORDS.length]}${i < WORDS.length ? '' : i.toString(36)}`;
    return { written: i % 2 ? base.toLowerCase() : base, spoken: `spoken ${i}`, ...(i % 10 === 3 ? { lang: 'de' } : {}) };
  });
}

function sentences(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    `On ${1 + (i % 28)} March, ${WORDS[i % WORDS.length]} said the ${WORDS[(i * 7) % WORDS.length]} cluster served ${i * 37} requests at $${(i % 90) + 0.99} each.`,
  );
}

/** Items a second: the best of three runs after a warm-up (the machine is shared). */
function perSecond(run: () => void, items: number): number {
  run();
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return items / (best / 1000);
}

export default async function benchPronunciations(): Promise<void> {
  const list = compilePronunciations(memberList());
  const text = sentences(5_000);
  const plain = perSecond(() => text.forEach((s) => prepareSpeechText(s, 'en')), text.length);
  const withList = perSecond(() => {
    for (const s of text) {
      const marked = list.mark(s, 'en');
      if (!marked) prepareSpeechText(s, 'en');
      else if (marked.restore(prepareSpeechText(marked.text, 'en')) === null) prepareSpeechText(marked.spoken, 'en');
    }
  }, text.length);
  console.log(`voice text, no list       ${Math.round(plain).toLocaleString('en')} sentences a second`);
  console.log(`voice text, 500 entries   ${Math.round(withList).toLocaleString('en')} sentences a second`);

  const article = text.join(' ');
  const matcher = createMatcher(memberList().map((e) => ({ written: e.written, caseSensitive: /\p{Lu}/u.test(e.written) })));
  const chars = perSecond(() => matcher.find(article), article.length);
  console.log(`matcher, 500 entries      ${(chars / 1e6).toFixed(1)} million characters a second`);

  const hostile: [string, string[], string][] = [
    ['nested runs (a … a×100)', Array.from({ length: 100 }, (_, i) => 'a'.repeat(i + 1)), 'a'],
    ['nested words (a, a a, … ×50)', Array.from({ length: 50 }, (_, i) => Array(i + 1).fill('a').join(' ')), 'a '],
    ['near misses (a×60 + one more)', Array.from({ length: 500 }, (_, i) => `${'a'.repeat(60)}${String.fromCharCode(0x4e00 + i)}`), 'a'],
  ];
  for (const [name, entries, unit] of hostile) {
    const m = createMatcher(entries.map((written) => ({ written, caseSensitive: false })));
    const row = [50_000, 200_000].map((n) => {
      const work: MatchWork = { steps: 0 };
      const input = unit.repeat(n);
      const started = performance.now();
      m.find(input, work);
      return `${(n / 1000).toFixed(0)}k chars: ${(work.steps / n).toFixed(1)} steps a char, ${(performance.now() - started).toFixed(0)} ms`;
    });
    console.log(`${name.padEnd(30)} ${row.join('; ')}`);
  }
}
