import { describe, expect, it } from 'vitest';
import { wcxbF1, wcxbPage } from '../../../scripts/bench/support/wcxb.ts';
import { extractArticle } from './extract-article.ts';

/**
 * A sample of the labelled pages of seven kinds (the corpus `npm run bench -- extraction` sweeps
 * whole), one real page for each way a page was read short, all from the half the rules were tuned
 * on: each must score the word F1 it scores now, the benchmark's own score (lower-cased `\w+` words
 * as bags).
 */
const SAMPLE: { id: string; defect: string; min: number }[] = [
  { id: '0689', defect: 'a manual page whose sections beside the longest carry its synopsis and examples', min: 0.9 },
  { id: '2893', defect: 'a shop page whose menu holds custom elements named <svg-icon>', min: 0.6 },
  { id: '0697', defect: "a company page whose sections each end in links to learn more", min: 0.8 },
  { id: '2916', defect: 'a list of papers taken for an article, its authors all links', min: 0.7 },
  { id: '2973', defect: 'a list of recipes whose cards are links around their titles', min: 0.9 },
  { id: '0716', defect: 'a services page its SEO plugin declares a dated article', min: 0.9 },
  { id: '2962', defect: "a news section's front whose cards are each one link around headline and summary", min: 0.9 },
  { id: '2851', defect: 'a page of model cards, each one link around its paragraph, whose block was taken for an article', min: 0.8 },
  { id: '1310', defect: "a topic's page whose teasers hold their title and summary in a <header>", min: 0.4 },
  { id: '3063', defect: "a maker's product page told in prose, its named blocks a price line", min: 0.8 },
  { id: '0593', defect: 'a product page whose features and dimensions lie beside its small named block', min: 0.7 },
  { id: '0609', defect: "a shop's product page whose description blocks are not named for it, beside a named block of its shop's addresses", min: 0.7 },
  { id: '2081', defect: 'a thread whose replies quote the posts before them whole', min: 0.9 },
  { id: '4020', defect: 'a page its inline style veils until its scripts run', min: 0.9 },
  { id: '4340', defect: 'a dated list article whose places sit in a block named as a footer, Readability keeping only its intro', min: 0.8 },
  { id: '4106', defect: 'a list article whose entries, each a linked name and its paragraph, were taken for teasers of other posts', min: 0.8 },
  { id: '2903', defect: "a blog's front page whose words are mostly links, in groups too small to count as repeated items", min: 0.9 },
  { id: '2845', defect: "a company page whose sections each open with a <header> holding their heading and intro", min: 0.7 },
  { id: '0355', defect: 'an article its page builder renders three times, once for each screen width', min: 0.9 },
  { id: '0550', defect: 'a thread whose replies quote whole paragraphs of the posts before them, its posters not found', min: 0.65 },
];

describe('extraction on a sample of the labelled pages of every kind', () => {
  it.each(SAMPLE)('$id: $defect is read whole', ({ id, min }) => {
    const { html, url, truth } = wcxbPage(id);
    expect(wcxbF1(extractArticle(html, url).text, truth)).toBeGreaterThanOrEqual(min);
  });
});
