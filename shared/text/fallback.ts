/**
 * What the product says when no script writer answers: a template script (a welcome, the first
 * paragraphs of the article, a thank-you) and a title made from the text itself.
 */
import { FALLBACK_SCRIPT_PARAGRAPHS, FALLBACK_TITLE_WORDS } from '../constants.ts';
import { limitTitle, pageTitle } from './clean-title.ts';

export const FALLBACK_WELCOME = 'Welcome to this episode. Here is what the article has to say.';
export const FALLBACK_THANKS = 'Thanks for listening!';

/** A welcome line, up to five paragraphs of the text, and a thanks line, one per line. */
export function fallbackScript(text: string): string {
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, FALLBACK_SCRIPT_PARAGRAPHS);
  return [FALLBACK_WELCOME, ...paragraphs, FALLBACK_THANKS].join('\n');
}

/** The first eight words of the first line, with the first letter capitalised. */
export function fallbackTitle(text: string): string {
  const firstLine = text.split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  const words = firstLine.split(/\s+/).filter(Boolean).slice(0, FALLBACK_TITLE_WORDS).join(' ');
  return limitTitle(words.charAt(0).toUpperCase() + words.slice(1));
}

/** The page's own title kept whole (its site name removed); the eight-word rule only when it has none. */
export function titleOrFallback(title: string | null | undefined, text: string, siteName?: string | null): string {
  return pageTitle(title ?? '', siteName) || fallbackTitle(text);
}
