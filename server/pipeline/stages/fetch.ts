/** fetch or receive: a page's HTML, a PDF's bytes, or the article the extension already read. */
import { pageTitle } from '../../../shared/text/clean-title.ts';
import type { Article, Page, PipelinePorts, Source, Stage } from '../ports.ts';
import { notAnAnswer } from './retry.ts';

export function fetchStage(ports: Pick<PipelinePorts, 'fetchPage'>): Stage<Source, Page | Article> {
  return {
    name: 'fetch',
    async run(source, { signal }) {
      if ('url' in source) return ports.fetchPage(source.url, signal);
      if ('file' in source) return { pdf: source.file.bytes, url: source.sourceUrl ?? '', name: source.file.name };
      // Received: the extension already read the article.
      return { title: pageTitle(source.title), text: source.text.replace(/\r\n?/g, '\n'), sourceUrl: source.sourceUrl, lines: source.lines ?? null };
    },
    retryable: notAnAnswer,
  };
}
