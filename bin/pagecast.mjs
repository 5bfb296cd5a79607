#!/usr/bin/env node
// The `pagecast` command: runs the TypeScript CLI (server/cli/main.ts) through tsx's loader, from any
// working directory (imports resolve from this file, not from the cwd).
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../server/cli/main.ts', import.meta.url).href);
process.exitCode = await main(process.argv.slice(2));
