/**
 * The built web app's JavaScript and CSS (webapp/dist), as a browser downloads them: gzipped sizes,
 * what index.html loads up front, and what each page needs before it can paint: the entry with its
 * static imports and the stylesheet, plus, for a page that loads when first visited, its own chunk
 * with that chunk's static imports. Parts a page asks for after its first paint (the API client and
 * its schemas, toasts, a section that loads beside the page) are not in a page's first load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEBAPP_DIST = path.resolve(import.meta.dirname, '..', '..', '..', 'webapp', 'dist');

/** Budgets, gzipped: the first load of / and of any page. */
export const HOME_BUDGET_KIB = 120;
export const PAGE_BUDGET_KIB = 150;

/** The pages, and the chunk each loads when first visited (home and the 404 page come with the entry). */
export const WEB_PAGES: { path: string; name: string; chunk: string | null }[] = [
  { path: '/', name: 'home', chunk: null },
  { path: '/profile', name: 'profile', chunk: 'profile' },
  { path: '/shared/:token', name: 'shared podcast', chunk: 'shared-podcast' },
  { path: '/subscription/register', name: 'payment', chunk: 'subscription-register' },
  { path: '/subscription/success', name: 'payment success', chunk: 'subscription-success' },
  { path: '/subscription/canceled', name: 'payment canceled', chunk: 'subscription-canceled' },
  { path: '/no/such/page', name: 'not found', chunk: null },
];

const gzipCache = new Map<string, number>();

/** A dist file's size gzipped at level 9 (`assets/x.js`). */
export function gzipSize(file: string, dist = WEBAPP_DIST): number {
  const full = path.join(dist, file);
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, size);
  }
  return size;
}

export const kib = (bytes: number) => bytes / 1024;

/** Same-origin asset paths index.html loads up front, by kind. */
export function initialAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) js.add(src!);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/\brel="modulepreload"/.test(tag)) js.add(href);
    else if (/\brel="stylesheet"/.test(tag)) css.add(href);
  }
  const local = (list: Set<string>) => [...list].filter((p) => p.startsWith('/') && !p.startsWith('//'));
  return { js: local(js), css: local(css) };
}

/** `assets/x.js` and every chunk it imports statically, transitively. */
export function staticClosure(roots: string[], dist = WEBAPP_DIST): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    // A static import, as the bundler writes it: `from"./x.js"` or `import"./x.js"`.
    for (const [, name] of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) stack.push(path.posix.join(path.posix.dirname(file), name!));
  }
  return [...seen];
}

/** The chunk named after a page module (`profile` → `assets/profile-<hash>.js`). */
export function pageChunk(name: string, dist = WEBAPP_DIST): string {
  const found = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && f.replace(/-[\w-]{8}\.js$/, '') === name);
  if (found.length !== 1) throw new Error(`expected one chunk named ${name} in webapp/dist/assets, found ${found.length}`);
  return `assets/${found[0]}`;
}

export interface FirstLoad {
  page: string;
  files: string[];
  gzip: number;
}

/** What each page needs before it can paint, gzipped. */
export function firstLoads(dist = WEBAPP_DIST): FirstLoad[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const { js, css } = initialAssets(html);
  const entry = staticClosure(js.map((p) => p.slice(1)), dist);
  const styles = css.map((p) => p.slice(1));
  return WEB_PAGES.map(({ path: page, chunk }) => {
    const files = [...new Set([...entry, ...(chunk ? staticClosure([pageChunk(chunk, dist)], dist) : []), ...styles])];
    return { page, files, gzip: files.reduce((sum, f) => sum + gzipSize(f, dist), 0) };
  });
}

/** The sources a built chunk was made from, from its source map (empty without one). */
export function chunkSources(file: string, dist = WEBAPP_DIST): string[] {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}
