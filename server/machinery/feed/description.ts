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

type Source = { url: string | null; title: string; author: string | null };

/** Plain text and HTML: the excerpt, then where the article came from (every source of an episode of several). */
export function episodeDescription(articleText: string, sourceUrl: string | null, sources?: readonly Source[] | null): { text: string; html: string } {
  const excerpt = articleExcerpt(articleText);
  if (sources?.length) {
    const line = (s: Source) => [s.title, s.author ? `by ${s.author}` : '', s.url ?? ''].filter(Boolean).join(', ');
    const item = (s: Source) =>
      `<li>${s.url ? `<a href="${escapeHtml(s.url)}">${escapeHtml(s.title || s.url)}</a>` : escapeHtml(s.title)}${s.author ? `, by ${escapeHtml(s.author)}` : ''}</li>`;
    return {
      text: `${excerpt}\n\nSources:\n${sources.map((s, i) => `${i + 1}. ${line(s)}`).join('\n')}`,
      html: `<p>${escapeHtml(excerpt)}</p>\n<p>Sources:</p>\n<ol>\n${sources.map(item).join('\n')}\n</ol>`,
    };
  }
  if (!sourceUrl) return { text: excerpt, html: `<p>${escapeHtml(excerpt)}</p>` };
  return {
    text: `${excerpt}\n\nSource: ${sourceUrl}`,
    html: `<p>${escapeHtml(excerpt)}</p>\n<p>Source: <a href="${escapeHtml(sourceUrl)}">${escapeHtml(sourceUrl)}</a></p>`,
  };
}
