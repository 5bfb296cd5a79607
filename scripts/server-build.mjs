// The server's compiled JavaScript in `dist/` (server/ and shared/ transpiled file by file, the
// workers and migrations copied beside), so `npm start` and `pagecast` run without a TypeScript
// loader. `node scripts/server-build.mjs` builds it; the build is fresh while no source is newer.
// linkedom (the extraction's DOM) is bundled into one file (`dist/vendor/`): loading its hundreds of
// small modules was most of a `pagecast extract` run.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.built');
const SOURCES = ['server', 'shared', 'package-lock.json', 'patches'];
const SKIP = /(\.test\.ts|\.d\.ts)$/;
/** Pure-JavaScript ES-module packages loaded as one bundled file each. */
const VENDORED = { linkedom: 'linkedom' };
// A CommonJS package bundled as ESM still calls require() for Node's own modules.
const REQUIRE_SHIM = "import { createRequire as __pagecastRequire } from 'node:module'; const require = __pagecastRequire(import.meta.url);";

function walk(dir, visit) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'node_modules') walk(full, visit);
    } else visit(full);
  }
}

function newestSourceMtime() {
  let newest = 0;
  for (const source of SOURCES) {
    const full = path.join(ROOT, source);
    if (!fs.existsSync(full)) continue;
    if (fs.statSync(full).isDirectory()) {
      walk(full, (file) => {
        if (!SKIP.test(file)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
      });
    }
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `dist/` holds a build no source file is newer than. */
export function isServerBuildFresh() {
  return fs.existsSync(STAMP) && fs.statSync(STAMP).mtimeMs >= newestSourceMtime();
}

/** The compiled module for a source path such as `server/index.ts`, or null when the build is missing or stale. */
export function compiledModule(sourcePath) {
  return isServerBuildFresh() ? pathToFileURL(path.join(DIST, sourcePath.replace(/\.ts$/, '.js'))).href : null;
}

/** Transpiles server/ and shared/ into `outDir` (types are checked by `npm run typecheck`, not here). */
export async function buildServer({ outDir = DIST } = {}) {
  // Built aside, then swapped in, so a process starting meanwhile finds the old build or the new one whole.
  const building = `${outDir}.tmp-${process.pid}`;
  const { build } = await import('esbuild');
  const started = Date.now();
  const entryPoints = [];
  const copies = [];
  for (const source of ['server', 'shared']) {
    walk(path.join(ROOT, source), (file) => {
      if (file.endsWith('.ts') && !SKIP.test(file)) entryPoints.push(file);
      else if (file.endsWith('.mjs') || file.includes(`${path.sep}migrations${path.sep}`)) copies.push(file);
    });
  }
  fs.rmSync(building, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(VENDORED).map(([pkg, name]) => [`vendor/${name}`, pkg])),
    outdir: building,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: REQUIRE_SHIM },
    logLevel: 'warning',
  });
  await build({
    entryPoints,
    outdir: building,
    outbase: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        // File by file: every import stays an import, a relative `.ts` one pointing at its `.js`.
        name: 'each-file-alone',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
            const vendored = VENDORED[args.path];
            if (!vendored) return { path: args.path, external: true };
            const from = path.dirname(path.join(building, path.relative(ROOT, args.importer)));
            const target = path.relative(from, path.join(building, 'vendor', `${vendored}.js`));
            return { path: target.startsWith('.') ? target : `./${target}`, external: true };
          });
        },
      },
    ],
  });
  for (const file of copies) {
    const target = path.join(building, path.relative(ROOT, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  // Stamped with the build's start: a source saved during the build makes it stale.
  const stamp = path.join(building, '.built');
  fs.writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
  fs.utimesSync(stamp, started / 1000, started / 1000);
  const old = `${outDir}.old-${process.pid}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(building, outDir);
  fs.rmSync(old, { recursive: true, force: true });
  return { files: entryPoints.length + copies.length, ms: Date.now() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { files, ms } = await buildServer();
  console.log(`built dist/ (${files} files) in ${ms} ms`);
}
