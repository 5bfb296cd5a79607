/** An episode of several sources as scripts: read mode's introductions, chapters and languages; the template's length; what the model reads. */
import { describe, expect, it } from 'vitest';
import { countWords } from './script-format.ts';
import { fairShares, readSourcesScript, sourcesForModel, templateSourcesScript } from './episode-sources.ts';
import type { SourcePart } from './types.ts';

const text = ['Tides rise twice a day.', 'The moon pulls the sea.', 'Der Turm steht am Deich.', 'Er ist alt.'].join('\n');
const parts: SourcePart[] = [
  { title: 'Tides', url: 'https://www.gazette.example/tides', author: 'Ann Lee', site: null, language: 'en', firstLine: 0, lineCount: 2 },
  { title: 'Der Turm', url: 'https://blatt.example/turm', author: null, site: 'Küstenblatt', language: 'de', firstLine: 2, lineCount: 2 },
];

describe('several sources', () => {
  it('reads each source after its introduction, a chapter each, in its language, keeping its lines', () => {
    const script = readSourcesScript({ text, lines: 'pppp', parts });
    expect(script.filter((s) => s.chapter).map((s) => s.chapter)).toEqual(['Tides', 'Der Turm']);
    expect(script.map((s) => s.text)).toEqual([
      'First, from gazette.example: Tides.',
      'By Ann Lee.',
      'Tides rise twice a day.',
      'The moon pulls the sea.',
      'Als Nächstes, von Küstenblatt: Der Turm.',
      'Der Turm steht am Deich.',
      'Er ist alt.',
    ]);
    expect(script.map((s) => s.language)).toEqual(['en', 'en', 'en', 'en', 'de', 'de', 'de']);
    expect(script.filter((s) => s.sourceParagraph !== undefined).map((s) => s.sourceParagraph)).toEqual([0, 1, 2, 3]);
  });

  it('without an AI, tells every source within the words asked', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence ${i} of the first source says something long enough to count.`).join('\n');
    const many = `${long}\n${long}`;
    const halves: SourcePart[] = [
      { ...parts[0]!, firstLine: 0, lineCount: 40 },
      { ...parts[1]!, language: 'en', firstLine: 40, lineCount: 40 },
    ];
    const script = templateSourcesScript({ text: many, parts: halves }, { mode: 'podcast', targetWords: 300, language: 'en' });
    expect(countWords(script.map((s) => s.text).join(' '))).toBeLessThanOrEqual(300);
    expect(script.filter((s) => s.chapter)).toHaveLength(2);
  });

  it('gives the model a share of every source, under a line naming it', () => {
    const big = `${'A very long first source sentence. '.repeat(400)}`.trim();
    const model = sourcesForModel(`${big}\nShort second source.`, [
      { ...parts[0]!, firstLine: 0, lineCount: 1 },
      { ...parts[1]!, firstLine: 1, lineCount: 1 },
    ], 2000);
    expect(model.text).toContain('Source 1 of 2: Tides, from gazette.example, by Ann Lee');
    expect(model.text).toContain('Source 2 of 2: Der Turm, from Küstenblatt');
    expect(model.text).toContain('Short second source.');
    expect(model.text.length).toBeLessThan(2200);
    expect(fairShares(100, [10, 500, 500])).toEqual([10, 45, 45]);
  });
});
