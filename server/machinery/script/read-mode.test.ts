/**
 * Read mode with the embedded voice and no AI. On every page of the shared corpora (Readability's
 * test pages and the article-extraction benchmark's), the read script says at least 98% of the
 * extracted words, code blocks and long tables (announced, not read) aside. On a sample of pages of different lengths (the whole corpus would take many
 * minutes of speech on two cores), the audio lasts within 10% of the words at the voice's measured rate.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEncoderPool } from '../audio/episode-encoder.ts';
import { extractArticle } from '../extract/extract-article.ts';
import { speakEpisode } from '../speech/episode.ts';
import { createEspeakEngine } from '../speech/espeak-engine.ts';
import { MEASURED_WORDS_PER_MINUTE } from '../speech/speaking-rate.ts';
import { FOOTNOTE_MARK, readScript } from './read-script.ts';
import { countWords } from './script-format.ts';

const CORPORA = path.resolve(import.meta.dirname, '../../../../shared/corpora');

interface Page {
  name: string;
  html: string;
  url: string;
}

function corpusPages(): Page[] {
  const pages: Page[] = [];
  const readability = path.join(CORPORA, 'readability');
  for (const name of readdirSync(readability).sort()) {
    pages.push({ name: `readability/${name}`, html: readFileSync(path.join(readability, name, 'source.html'), 'utf8'), url: 'http://fakehost/test/page.html' });
  }
  const truth = JSON.parse(readFileSync(path.join(CORPORA, 'aeb', 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  for (const [id, { url }] of Object.entries(truth).sort()) {
    pages.push({ name: `aeb/${id}`, html: readFileSync(path.join(CORPORA, 'aeb', 'html', `${id}.html`), 'utf8'), url });
  }
  return pages;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Share of the extraction's words (as a bag) that the script says. */
function recall(extracted: string, spoken: string): number {
  const said = new Map<string, number>();
  for (const w of words(spoken)) said.set(w, (said.get(w) ?? 0) + 1);
  const all = words(extracted);
  let found = 0;
  for (const w of all) {
    const n = said.get(w) ?? 0;
    if (n > 0) {
      found += 1;
      said.set(w, n - 1);
    }
  }
  return all.length ? found / all.length : 1;
}

function readPage(page: Page) {
  const article = extractArticle(page.html, page.url);
  const sentences = readScript({ title: article.title, text: article.text, lines: article.lines, byline: article.byline });
  return { article, sentences };
}

describe('read mode on the corpora', () => {
  const pages = corpusPages();

  it(`says at least 98% of the extracted words on every page (${pages.length} pages)`, () => {
    expect(pages.length).toBeGreaterThan(100);
    const short: string[] = [];
    for (const page of pages) {
      let read;
      try {
        read = readPage(page);
      } catch {
        continue; // a page with no readable article is refused before any mode
      }
      // Footnote markers ([12]) are left out by rule: they are not words of the article; nor are code
      // blocks and long tables, which are announced and shown, not read.
      const shown = new Set(read.sentences.flatMap((s) => s.shown?.split('\n') ?? []));
      const readable = read.article.text.split('\n').filter((line) => !shown.has(line)).join('\n');
      const share = recall(readable.replace(FOOTNOTE_MARK, ''), read.sentences.map((s) => s.text).join(' '));
      if (share < 0.98) short.push(`${page.name}: ${(share * 100).toFixed(1)}%`);
      // Every sentence knows the line of the article it was read from, except the title and byline.
      expect(read.sentences.filter((s) => s.sourceParagraph === undefined).length).toBeLessThanOrEqual(4);
    }
    expect(short).toEqual([]);
  }, 300_000);

  const engine = createEspeakEngine();
  const encoders = createEncoderPool({ size: 1 });
  afterAll(async () => {
    await Promise.all([engine.close(), encoders.close()]);
  });

  it('lasts within 10% of its words at the voice\'s measured rate (a sample of pages)', async () => {
    const rate = MEASURED_WORDS_PER_MINUTE.espeak!['en-us']!;
    // Prose pages (a page of source code is spoken symbol by symbol, far slower than its words), and
    // short ones: the whole page is spoken.
    const sample = ['readability/bbc-1', 'readability/ehow-1'];
    const errors: number[] = [];
    for (const name of sample) {
      const page = pages.find((p) => p.name === name)!;
      const { article, sentences } = readPage(page);
      const result = await speakEpisode({ engine, voice: 'en-us', sentences, encoders, gainDb: 0, onSegment: async () => {} });
      const expectedMs = (countWords(article.text) / rate) * 60_000;
      const error = (result.durationMs - expectedMs) / expectedMs;
      console.log(`${name}: ${countWords(article.text)} words, ${(result.durationMs / 1000).toFixed(1)} s, ${(error * 100).toFixed(1)}% off`);
      errors.push(Math.abs(error));
    }
    expect(Math.max(...errors)).toBeLessThanOrEqual(0.1);
  }, 600_000);
});
