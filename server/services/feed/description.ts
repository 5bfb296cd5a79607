/** An episode's description in a feed, made from the article it reads: its opening and its source. */
import { escapeMarkup as escapeHtml } from '../../lib/document-text.ts';

const EXCERPT_CHARS = 400;

/** The article's first words, up to about EXCERPT_CHARS, cut after a sentence (or a word) with "…". */
export function articleExcerpt(text: string, limit = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const head = flat.slice(0, limit + 1);
  const sentenceEnd = Math.max(...['. ', '! ', '? '].map((mark) => head.lastIndexOf(mark)));
  if (sentenceEnd > limit / 2) return head.slice(0, sentenceEnd + 1);
  const wordEnd = head.lastIndexOf(' ');
  return `${head.slice(0, wordEnd > 0 ? wordEnd : limit).replace(/[\s,;:.-]+$/, '')}…`;
}

/** Plain text and HTML: the excerpt, then where the article came from. */
export function episodeDescription(articleText: string, sourceUrl: string | null): { text: string; html: string } {
  const excerpt = articleExcerpt(articleText);
  if (!sourceUrl) return { text: excerpt, html: `<p>${escapeHtml(excerpt)}</p>` };
  return {
    text: `${excerpt}\n\nSource: ${sourceUrl}`,
    html: `<p>${escapeHtml(excerpt)}</p>\n<p>Source: <a href="${escapeHtml(sourceUrl)}">${escapeHtml(sourceUrl)}</a></p>`,
  };
}
