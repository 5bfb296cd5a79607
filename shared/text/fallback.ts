/**
 * What the product says when no script writer answers: a template script (a welcome, the first
 * paragraphs of the article, a thank-you) and a title made from the text itself.
 */
import { FALLBACK_SCRIPT_PARAGRAPHS, FALLBACK_TITLE_WORDS } from '../constants.ts';
import { limitTitle, pageTitle } from './clean-title.ts';

export const FALLBACK_WELCOME = 'Welcome to this episode. Here is what the article has to say.';
export const FALLBACK_THANKS = 'Thanks for listening!';

/** An episode's opening and closing lines, said once by the episode itself rather than by each part a model writes. */
export interface EpisodeFrame {
  welcome: string;
  thanks: string;
}

const FRAMES: Readonly<Record<string, EpisodeFrame>> = {
  en: { welcome: FALLBACK_WELCOME, thanks: FALLBACK_THANKS },
  de: { welcome: 'Willkommen zu dieser Folge. Hier ist, was der Artikel zu sagen hat.', thanks: 'Danke fürs Zuhören!' },
  fr: { welcome: 'Bienvenue dans cet épisode. Voici ce que dit l’article.', thanks: 'Merci de votre écoute !' },
  es: { welcome: 'Bienvenidos a este episodio. Esto es lo que cuenta el artículo.', thanks: '¡Gracias por escuchar!' },
  it: { welcome: 'Benvenuti in questo episodio. Ecco che cosa dice l’articolo.', thanks: 'Grazie per l’ascolto!' },
  pt: { welcome: 'Bem-vindos a este episódio. Eis o que o artigo tem a dizer.', thanks: 'Obrigado por ouvir!' },
  nl: { welcome: 'Welkom bij deze aflevering. Dit is wat het artikel te zeggen heeft.', thanks: 'Bedankt voor het luisteren!' },
};

/** The frame in the article's language (ISO 639-1), or null for a language it is not written in. */
export function episodeFrame(language: string | null | undefined): EpisodeFrame | null {
  return FRAMES[(language ?? 'en').slice(0, 2).toLowerCase()] ?? null;
}

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
