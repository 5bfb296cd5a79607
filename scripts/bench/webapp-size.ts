/**
 * The web app's download, gzipped: what index.html loads before anything else, what each page needs
 * before it can paint (support/webapp-assets.ts says what counts), against the budgets (≤ 120 KiB for
 * /, ≤ 150 KiB for any page; e2e/budgets.spec.ts checks them in the browser tests), and the chunks
 * loaded later. Builds the web app first when its build is missing or older than its sources.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { table, verdict } from './support/report.ts';
import {
  firstLoads,
  gzipSize,
  HOME_BUDGET_KIB,
  initialAssets,
  kib,
  PAGE_BUDGET_KIB,
  WEB_PAGES,
  WEBAPP_DIST,
} from './support/webapp-assets.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
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
  const index = path.join(WEBAPP_DIST, 'index.html');
  const sourceTime = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sourceTime) return;
  console.log('building the web app…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'webapp/vite.config.ts', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
}

const k = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;

export default async function webappSize(): Promise<void> {
  ensureBuilt();
  const html = fs.readFileSync(path.join(WEBAPP_DIST, 'index.html'), 'utf8');
  const { js, css } = initialAssets(html);
  const upFront = [...js, ...css].map((p) => p.slice(1));
  for (const f of upFront) console.log(`  ${f.padEnd(40)} ${k(gzipSize(f)).padStart(10)} gzipped`);
  const upFrontTotal = upFront.reduce((s, f) => s + gzipSize(f), 0);
  console.log(`index.html loads up front: ${k(upFrontTotal)} gzipped (JavaScript and CSS)\n`);

  const loads = firstLoads();
  const rows = loads.map((load, i) => {
    const budget = load.page === '/' ? HOME_BUDGET_KIB : PAGE_BUDGET_KIB;
    return [`${WEB_PAGES[i]!.name} (${load.page})`, k(load.gzip), `${budget} KiB`, verdict(kib(load.gzip) <= budget), String(load.files.length)];
  });
  for (const line of table(['first load before paint', 'gzipped', 'budget', '', 'files'], rows)) console.log(line);

  const needed = new Set(loads.flatMap((l) => l.files));
  const later = fs
    .readdirSync(path.join(WEBAPP_DIST, 'assets'))
    .filter((f) => f.endsWith('.js') && !needed.has(`assets/${f}`))
    .map((f) => `assets/${f}`);
  const laterTotal = later.reduce((s, f) => s + gzipSize(f), 0);
  console.log(`\nchunks no page needs before its first paint: ${k(laterTotal)} gzipped in ${later.length} files`);
  for (const f of later.sort((a, b) => gzipSize(b) - gzipSize(a)).slice(0, 8)) console.log(`  ${f.padEnd(40)} ${k(gzipSize(f)).padStart(10)}`);
}
