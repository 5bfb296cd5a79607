/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (each module's default export) in name
 * order and prints its figures. `npm run bench -- extract` runs the ones whose file name matches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.join(import.meta.dirname, 'bench');
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && (!filter || f.includes(filter)))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace(/\.ts$/, '')}`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<void> };
  await mod.default();
}
