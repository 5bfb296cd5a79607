/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (each module's default export) in name
 * order and prints its figures. `npm run bench -- extract` runs the ones whose file name matches;
 * several names run each match (`npm run bench -- first-audio latency`). Helpers the benchmarks share
 * live in scripts/bench/support/ and are not benchmarks themselves.
 *
 * Sections that start a real server: `first-audio` (time to first audio against article length,
 * embedded defaults and a streaming AI), `latency` (the API's latency while conversions run),
 * `fairness` (how long one member's short podcast waits while another has eight long ones queued),
 * `scale-out` (pagecast serve and 1 or 2 pagecast worker on PostgreSQL: throughput, event crossing) and
 * `uploads` (health latency and memory while eight 15 MB PDFs upload at once).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.join(import.meta.dirname, 'bench');
const filters = process.argv.slice(2);
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();
const files = all.filter((f) => filters.length === 0 || filters.some((filter) => f.includes(filter)));
if (files.length === 0) {
  console.error(`no benchmark matches ${filters.join(', ')}; there are: ${all.map((f) => f.replace(/\.ts$/, '')).join(', ')}`);
  process.exit(1);
}

for (const file of files) {
  console.log(`\n## ${file.replace(/\.ts$/, '')}`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<void> };
  await mod.default();
}
