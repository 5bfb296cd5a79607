/** `pagecast extract <url|file.html> [--base-url URL]`: the extraction result as JSON. */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { extractArticle } from '../../services/extract/extract-article.ts';
import { UsageError, type CliCommand } from '../command.ts';
import { loadPage } from '../load-page.ts';

export const extractCommand: CliCommand = {
  name: 'extract',
  usage: 'pagecast extract <url|file.html> [--base-url URL]',
  summary: 'print the readable article of a page as JSON',
  async run(args, output) {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { 'base-url': { type: 'string' } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const [source, ...extra] = parsed.positionals;
    if (!source) throw new UsageError('Give a web address or an HTML file');
    if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
    const page = await loadPage(source, { baseUrl: parsed.values['base-url'], config: () => loadConfig() });
    const article = extractArticle(page.html, page.url);
    output.out(`${JSON.stringify({ url: page.url, ...article }, null, 2)}\n`);
    return 0;
  },
};
