/** extract: the article read from a page or a PDF (an article received passes as it is). */
import { pageTitle } from '../../../shared/text/clean-title.ts';
import type { PageKind } from '../../../shared/extract/page-kind.ts';
import type { ExtractionResult } from '../../machinery/extract/extract-article.ts';
import type { Article, Page, PipelinePorts, Stage } from '../ports.ts';

/** The kind of page the script tells it as: its kind, or a listing when an "article" lists other pages; none for an article. */
function pageKindOf(article: ExtractionResult): PageKind | null {
  if (article.kind && article.kind !== 'article') return article.kind;
  return article.listing ? 'listing' : null;
}

export function extractStage(ports: Pick<PipelinePorts, 'extract'>): Stage<Page | Article, Article> {
  return {
    name: 'extract',
    async run(input) {
      if (!('url' in input)) return input;
      const article = await ports.extract(input);
      const pageKind = pageKindOf(article);
      // The page's own title, whole (its site name removed); a file's name when its PDF gives none.
      const fileName = 'name' in input && input.name ? input.name.replace(/\.pdf$/i, '') : '';
      return {
        title: pageTitle(article.title ?? '', article.siteName) || pageTitle(fileName),
        text: article.text,
        sourceUrl: input.url,
        declaredLanguage: article.lang,
        byline: article.byline,
        siteName: article.siteName ?? null,
        lines: article.lines ?? null,
        words: article.words,
        ...(article.pages ? { pages: article.pages } : {}),
        ...(article.listing ? { listing: article.listing } : {}),
        ...(pageKind ? { pageKind } : {}),
      };
    },
    retryable: () => false,
  };
}
