#!/usr/bin/env node
// `npm start`: build the web app and the server's JavaScript when their sources are newer than
// their builds, then run the compiled server in this process (no TypeScript loader), so signals
// reach it directly.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildServer, compiledModule } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'webapp', 'dist', 'index.html');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['webapp/src', 'webapp/public', 'webapp/index.html', 'webapp/vite.config.ts', 'shared', 'package-lock.json'];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'webapp/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

let server = compiledModule('server/index.ts');
if (!server) {
  console.log('Building the server…');
  await buildServer();
  server = compiledModule('server/index.ts');
}
await import(server);
