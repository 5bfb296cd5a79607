/**
 * The page a CLI command works on: a web address is fetched through the same SSRF-guarded fetcher
 * the server uses (FETCH_ALLOW_HOSTS from the config), anything else is read as a file: a PDF when
 * its bytes say so, else HTML.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.ts';
import type { Page } from '../pipeline/ports.ts';
import { hasPdfSignature } from '../../shared/pdf-file.ts';
import { fetchPage } from '../machinery/fetch/fetch-page.ts';
import { BlockedAddressError } from '../machinery/fetch/resolve-target.ts';
import { AppError } from '../errors.ts';
import { CONTENT_MESSAGES } from '../../shared/errors.ts';
import { UsageError } from './command.ts';

/** A page's HTML or a PDF's bytes; `url` is where links resolve: --base-url, the final URL, or the file's URL. */
export type LoadedPage = Page;

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
    const page = await fetchPage(source, { allowHosts: options.config().fetchAllowHosts, signal: options.signal }).catch((err: unknown) => {
      // On the command line the refusal of a local page names the setting that lets it through.
      const blocked = err instanceof AppError && err.cause instanceof BlockedAddressError ? err.cause : null;
      if (!blocked?.hostPort) throw err;
      throw new AppError('FETCH_FAILED', {
        message: `${CONTENT_MESSAGES.privateAddress} To read a page at ${blocked.hostPort} anyway, set FETCH_ALLOW_HOSTS=${blocked.hostPort}.`,
        cause: err,
      });
    });
    const url = options.baseUrl ?? page.url;
    return 'pdf' in page ? { pdf: page.pdf, url } : { html: page.html, url };
  }
  const file = path.resolve(source);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(error);
    throw new Error(`Cannot read ${source}: ${why}`, { cause: error });
  }
  const url = options.baseUrl ?? pathToFileURL(file).href;
  return hasPdfSignature(bytes) ? { pdf: bytes, url, name: path.basename(file) } : { html: bytes.toString('utf8'), url };
}
