#!/usr/bin/env node
// The `pagecast` command: runs the CLI (server/cli/main.ts) from the compiled build in dist/ when it
// is fresh (`npm run build:server`), else from the TypeScript through tsx. Imports resolve from this
// file, not from the working directory.
import { compiledModule } from '../scripts/server-build.mjs';

let entry = compiledModule('server/cli/main.ts');
if (!entry) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../server/cli/main.ts', import.meta.url).href;
}
const { main } = await import(entry);
process.exitCode = await main(process.argv.slice(2));
