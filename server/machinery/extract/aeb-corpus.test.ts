import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract-article.ts';
import { wordF1 } from './word-f1.ts';

/**
 * The article-extraction-benchmark's news pages with their hand-labelled bodies (see the corpus
 * README): each page parsed with its own address, scored by word F1 against the label.
 */
const AEB = path.resolve(import.meta.dirname, '../../../../shared/corpora/aeb');
const truth: Record<string, { articleBody: string; url: string }> = fs.existsSync(AEB)
  ? JSON.parse(fs.readFileSync(path.join(AEB, 'ground-truth.json'), 'utf8'))
  : {};
const ids = Object.keys(truth).sort();

/** The best published extractor on these pages (rs_trafilatura) scores 0.979. */
const MIN_MEAN_F1 = 0.98;

describe('extractArticle on the article-extraction-benchmark pages', () => {
  it('has the corpus to test on', () => {
    expect(ids.length, `pages in ${AEB}`).toBe(58);
  });

  it('finds the labelled article body, ahead of the best published extractor on average', () => {
    const scores = ids.map((id) => {
      const html = fs.readFileSync(path.join(AEB, 'html', `${id}.html`), 'utf8');
      return wordF1(extractArticle(html, truth[id]!.url).text, truth[id]!.articleBody);
    });
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    expect(mean).toBeGreaterThanOrEqual(MIN_MEAN_F1);
    // No page lost outright: the worst is a deals page whose label includes the product boxes.
    expect(Math.min(...scores)).toBeGreaterThan(0.85);
  });
});
