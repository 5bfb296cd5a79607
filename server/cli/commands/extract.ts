/**
 * `pagecast extract <url|file.html|file.pdf|folder>… [--base-url URL]`: one page prints its extraction as
 * JSON; several pages, or a folder (its .html files, recursively), print one JSON line a page, so
 * a corpus is extracted in one process.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../../config.ts';
import { UsageError, type CliCommand, type CliOutput } from '../command.ts';

const WEB_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The HTML files under `folder`, in name order. */
async function htmlFilesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.html?$/i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

async function isFolder(source: string): Promise<boolean> {
  if (WEB_ADDRESS.test(source)) return false;
  return (await fs.stat(source).catch(() => null))?.isDirectory() ?? false;
}

/** The settings, read only when a page is fetched: extracting files works with any environment. */
async function settingsReader(sources: string[]): Promise<() => Config> {
  if (!sources.some((s) => WEB_ADDRESS.test(s))) return () => ({}) as Config;
  const { loadConfig } = await import('../../config.ts');
  return () => loadConfig();
}

async function extractOne(source: string, baseUrl: string | undefined, config: () => Config) {
  // The extraction (its DOM) loads only for this command, so every other command starts light.
  const [{ loadPage }, { extractArticle }] = await Promise.all([
    import('../load-page.ts'),
    import('../../machinery/extract/extract-article.ts'),
  ]);
  const page = await loadPage(source, { baseUrl, config });
  if (!('pdf' in page)) return { url: page.url, ...extractArticle(page.html, page.url) };
  const { extractPdf } = await import('../../machinery/extract/extract-pdf.ts');
  return { url: page.url, ...(await extractPdf(page.pdf)) };
}

/** One JSON line a page; a page that fails prints its error and the rest go on. Exit 1 when any failed. */
async function extractMany(sources: string[], output: CliOutput): Promise<number> {
  const config = await settingsReader(sources);
  let failed = 0;
  for (const source of sources) {
    try {
      output.out(`${JSON.stringify({ source, ...(await extractOne(source, undefined, config)) })}\n`);
    } catch (error) {
      failed += 1;
      output.out(`${JSON.stringify({ source, error: error instanceof Error ? error.message : String(error) })}\n`);
    }
  }
  if (failed > 0) output.err(`${failed} of ${sources.length} pages could not be extracted\n`);
  return failed > 0 ? 1 : 0;
}

export const extractCommand: CliCommand = {
  name: 'extract',
  usage: 'pagecast extract <url|file.html|file.pdf|folder>… [--base-url URL]',
  summary: 'print the readable article of a page as JSON (several pages: one JSON line each)',
  async run(args, output) {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { 'base-url': { type: 'string' } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const sources = parsed.positionals;
    const baseUrl = parsed.values['base-url'];
    if (sources.length === 0) throw new UsageError('Give a web address, an HTML file or a folder');
    const folders = await Promise.all(sources.map(isFolder));
    if (sources.length === 1 && !folders[0]) {
      output.out(`${JSON.stringify(await extractOne(sources[0]!, baseUrl, await settingsReader(sources)), null, 2)}\n`);
      return 0;
    }
    if (baseUrl !== undefined) throw new UsageError('--base-url applies to one page only');
    const pages: string[] = [];
    for (const [i, source] of sources.entries()) pages.push(...(folders[i] ? await htmlFilesUnder(source) : [source]));
    if (pages.length === 0) throw new UsageError(`No .html files in ${sources.join(', ')}`);
    return extractMany(pages, output);
  },
};
