import { describe, expect, it } from 'vitest';
import { createMatcher, type MatchWork } from './pronunciation-matcher.ts';
import { compilePronunciations, type Pronunciation } from './pronunciations.ts';

/** The text with each match replaced by its spoken form, as the voice would get it before reading. */
function applied(entries: Pronunciation[], text: string, language = 'en'): string {
  return compilePronunciations(entries).mark(text, language)?.spoken ?? text;
}

describe('a member’s pronunciations', () => {
  const nginx = [{ written: 'Nginx', spoken: 'engine X' }];

  it.each([
    ['We run Nginx here.', 'We run engine X here.'],
    ['Nginx-based proxies', 'engine X-based proxies'],
    ["Nginx's config", "engine X's config"],
    ['(Nginx)', '(engine X)'],
    ['Nginxes and MyNginx stay', 'Nginxes and MyNginx stay'],
    ['my_Nginx stays', 'my_Nginx stays'],
    ['Nginx2 stays', 'Nginx2 stays'],
  ])('finds whole words only: %s', (text, heard) => {
    expect(applied(nginx, text)).toBe(heard);
  });

  it('matches a written form with a capital as written, and one without in any case', () => {
    expect(applied(nginx, 'nginx and NGINX and Nginx')).toBe('nginx and NGINX and engine X');
    const k8s = [{ written: 'kubernetes', spoken: 'koo-ber-net-eez' }];
    expect(applied(k8s, 'Kubernetes, KUBERNETES, kubernetes')).toBe('koo-ber-net-eez, koo-ber-net-eez, koo-ber-net-eez');
  });

  it('keeps an entry with a language to episodes in that language, where it wins over one without', () => {
    const list = [
      { written: 'Paris', spoken: 'Pah-ree', lang: 'fr' },
      { written: 'Paris', spoken: 'Parris' },
      { written: 'Gif', spoken: 'Jif', lang: 'en' },
    ];
    expect(applied(list, 'Paris et Gif', 'fr')).toBe('Pah-ree et Gif');
    expect(applied(list, 'Paris and Gif', 'en')).toBe('Parris and Jif');
    expect(applied(list, 'Paris and Gif', 'en-GB')).toBe('Parris and Jif');
  });

  it('reads letters beyond ASCII, composed or not, as letters of the word', () => {
    const list = [
      { written: 'Saoirse', spoken: 'Seer-sha' },
      { written: 'Siobhán', spoken: 'Shiv-awn' },
      { written: 'Łódź', spoken: 'Woodge' },
    ];
    expect(applied(list, 'Saoirse and Saoirse’s sister')).toBe('Seer-sha and Seer-sha’s sister');
    expect(applied(list, 'Siobha\u0301n came')).toBe('Shiv-awn came');
    expect(applied(list, 'Siobháns stays, Łódź goes, Łódźka stays')).toBe('Siobháns stays, Woodge goes, Łódźka stays');
    // a combining mark after the word makes it another word
    expect(applied([{ written: 'cafe', spoken: 'caff' }], 'cafe\u0301 but cafe')).toBe('café but caff');
  });

  it('finds forms that end in signs where no letter or digit touches them', () => {
    const list = [
      { written: 'C++', spoken: 'see plus plus' },
      { written: '.NET', spoken: 'dot net' },
    ];
    expect(applied(list, 'C++ and .NET, in C++.')).toBe('see plus plus and dot net, in see plus plus.');
    expect(applied(list, 'C++11 and ASP.NET stay')).toBe('C++11 and ASP.NET stay');
  });

  it('matches several words across any white space, and either apostrophe', () => {
    const list = [
      { written: 'New York', spoken: 'Noo Yawk' },
      { written: "O'Reilly", spoken: 'Oh Rye-lee' },
    ];
    expect(applied(list, 'New\u00a0York and New  York, O’Reilly and O\'Reilly')).toBe('Noo Yawk and Noo Yawk, Oh Rye-lee and Oh Rye-lee');
  });

  it('takes the longest form at a place, then the leftmost, never overlapping', () => {
    const list = [
      { written: 'New', spoken: 'NEW' },
      { written: 'New York Times', spoken: 'the Times' },
      { written: 'York', spoken: 'YORK' },
      { written: 'Times Square', spoken: 'the square' },
    ];
    expect(applied(list, 'New York Times Square')).toBe('the Times Square');
    expect(applied(list, 'New York')).toBe('NEW YORK');
  });

  it('matches inside running text in scripts written without spaces', () => {
    expect(applied([{ written: '東京', spoken: 'トーキョー' }], '東京都に行く', 'ja')).toBe('トーキョー都に行く');
    expect(applied([{ written: 'Nginx', spoken: 'エンジンエックス' }], 'Nginxを使う', 'ja')).toBe('エンジンエックスを使う');
  });

  it('answers nothing for an empty list, or a text without any entry', () => {
    expect(compilePronunciations([]).mark('Nginx', 'en')).toBeNull();
    expect(compilePronunciations(nginx).mark('Apache only', 'en')).toBeNull();
  });
});

describe('the matcher’s work', () => {
  /** Steps per character of text, for texts of n and 2n characters. */
  function stepsPerChar(entries: string[], unit: string, n: number): [number, number] {
    const matcher = createMatcher(entries.map((written) => ({ written, caseSensitive: false })));
    const per = (length: number) => {
      const work: MatchWork = { steps: 0 };
      const text = unit.repeat(Math.ceil(length / unit.length));
      matcher.find(text, work);
      return work.steps / text.length;
    };
    return [per(n), per(2 * n)];
  }

  it.each([
    // every entry a suffix of the next: each position ends up to 100 of them
    ['nested runs of one letter', Array.from({ length: 100 }, (_, i) => 'a'.repeat(i + 1)), 'a'],
    ['nested words', Array.from({ length: 50 }, (_, i) => Array(i + 1).fill('a').join(' ')), 'a '],
    // near misses: each entry fails at its last letter, so a naive scan retries from every place
    ['near misses', Array.from({ length: 500 }, (_, i) => `${'a'.repeat(60)}${String.fromCharCode(0x4e00 + i)}`), 'a'],
    ['500 different words', Array.from({ length: 500 }, (_, i) => `word${i.toString(36)}x`), 'word1 wordz word12x '],
  ])('stays linear in the text on %s', (_name, entries, unit) => {
    const [small, large] = stepsPerChar(entries, unit, 20_000);
    // the work per character is a constant of the list, not of the text: at most two steps a character
    // in each of the two automata, plus one for each entry ending there (at most the longest form's length)
    expect(small).toBeLessThanOrEqual(4 + 100);
    expect(large).toBeLessThanOrEqual(small * 1.05);
  });
});
