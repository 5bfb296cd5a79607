/**
 * The web app's initial download: the JavaScript and CSS that webapp/dist/index.html loads before
 * anything else (entry script, module preloads, stylesheets), raw and gzipped. Chunks loaded later
 * (dynamic imports) are counted apart. Builds the web app first when its build is missing or older
 * than its sources.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.join(root, 'webapp', 'dist');
const SOURCES = ['webapp/src', 'webapp/public', 'webapp/index.html', 'webapp/vite.config.ts', 'shared', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function ensureBuilt(): void {
  const index = path.join(dist, 'index.html');
  const sourceTime = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sourceTime) return;
  console.log('building the web app…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'webapp/vite.config.ts', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
}

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

interface Sized {
  file: string;
  raw: number;
  gzip: number;
}

function measure(file: string): Sized {
  const bytes = fs.readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function total(label: string, files: Sized[]): void {
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  console.log(`${label.padEnd(28)} ${kb(gzip).padStart(10)} gzipped  (${kb(raw)} raw, ${files.length} file${files.length === 1 ? '' : 's'})`);
}

export default async function webappSize(): Promise<void> {
  ensureBuilt();
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const { js, css } = initialAssets(html);
  const initialJs = js.map((p) => measure(p.slice(1)));
  const initialCss = css.map((p) => measure(p.slice(1)));
  const initial = new Set([...js, ...css].map((p) => p.slice(1)));
  const assetsDir = path.join(dist, 'assets');
  const later = fs
    .readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js') && !initial.has(`assets/${f}`))
    .map((f) => measure(`assets/${f}`));

  for (const f of [...initialJs, ...initialCss]) console.log(`  ${f.file.padEnd(40)} ${kb(f.gzip).padStart(10)} gzipped`);
  total('initial JavaScript', initialJs);
  total('initial CSS', initialCss);
  total('JavaScript loaded later', later);
}
