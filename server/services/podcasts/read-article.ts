/**
 * The article a podcast is made from: fetched and extracted by the server for `{ url }`, or taken as
 * the extension sent it for `{ title, text, sourceUrl }`. The spec's fetch and readability errors come
 * back from here, before anything is stored.
 */
import type { CreatePodcast } from '../../../shared/api/podcasts.ts';
import { CONTENT_MESSAGES } from '../../../shared/errors.ts';
import { prepareScriptText } from '../../../shared/text/prepare-script-text.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { fetchPage } from '../fetch/fetch-page.ts';

export interface ArticleSource {
  title: string;
  /** One paragraph per line. */
  text: string;
  sourceUrl: string;
}

export async function readArticle(deps: Pick<AppDeps, 'config' | 'extractor'>, body: CreatePodcast, signal?: AbortSignal): Promise<ArticleSource> {
  let source: ArticleSource;
  if ('url' in body) {
    const page = await fetchPage(body.url, { allowHosts: deps.config.fetchAllowHosts, signal });
    const article = await deps.extractor.extract(page.html, page.url);
    source = { title: article.title?.trim() ?? '', text: article.text, sourceUrl: page.url };
  } else {
    source = { title: body.title, text: body.text.replace(/\r\n?/g, '\n'), sourceUrl: body.sourceUrl };
  }
  if (!prepareScriptText(source.text).trim()) {
    throw new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.noReadableContent });
  }
  return source;
}
