#!/usr/bin/env node
// `npm start`: build the web app when its sources are newer than its build, then run the server
// in this process (TypeScript through tsx), so signals reach it directly.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

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

register();
await import(path.join(root, 'server', 'index.ts'));
