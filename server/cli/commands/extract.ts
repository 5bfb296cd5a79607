/** `pagecast extract <url|file.html> [--base-url URL]`: the extraction result as JSON. */
import { loadConfig } from '../../config.ts';
import { extractArticle } from '../../services/extract/extract-article.ts';
import { parseSourceArgs, type CliCommand } from '../command.ts';
import { loadPage } from '../load-page.ts';

export const extractCommand: CliCommand = {
  name: 'extract',
  usage: 'pagecast extract <url|file.html> [--base-url URL]',
  summary: 'print the readable article of a page as JSON',
  async run(args, output) {
    const { source, values } = parseSourceArgs(args, { 'base-url': { type: 'string' } });
    const page = await loadPage(source, { baseUrl: values['base-url'], config: () => loadConfig() });
    const article = extractArticle(page.html, page.url);
    output.out(`${JSON.stringify({ url: page.url, ...article }, null, 2)}\n`);
    return 0;
  },
};
