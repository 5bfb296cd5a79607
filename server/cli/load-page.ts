/**
 * The page a CLI command works on: a web address is fetched through the same SSRF-guarded fetcher
 * the server uses (FETCH_ALLOW_HOSTS from the config), anything else is read as an HTML file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.ts';
import { fetchPage } from '../services/fetch/fetch-page.ts';
import { UsageError } from './command.ts';

export interface LoadedPage {
  html: string;
  /** The address links in the page resolve against: --base-url, the final URL, or the file's URL. */
  url: string;
}

const WEB_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Loads `source` (an http(s) URL or a path to an HTML file). `config` is read only when fetching,
 * so extracting a file works with any environment.
 */
export async function loadPage(
  source: string,
  options: { baseUrl?: string; config: () => Config; signal?: AbortSignal },
): Promise<LoadedPage> {
  if (options.baseUrl !== undefined && !URL.canParse(options.baseUrl)) {
    throw new UsageError(`--base-url must be an absolute URL, not "${options.baseUrl}"`);
  }
  if (WEB_ADDRESS.test(source)) {
    const page = await fetchPage(source, { allowHosts: options.config().fetchAllowHosts, signal: options.signal });
    return { html: page.html, url: options.baseUrl ?? page.url };
  }
  const file = path.resolve(source);
  let html: string;
  try {
    html = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(error);
    throw new Error(`Cannot read ${source}: ${why}`, { cause: error });
  }
  return { html, url: options.baseUrl ?? pathToFileURL(file).href };
}
