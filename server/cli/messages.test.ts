/**
 * What the command line says names what to do next: a local page refused names FETCH_ALLOW_HOSTS with
 * the host and port to put in it; a voice that cannot be downloaded names the mirror setting and the
 * voices folder; a non-commercial voice warns of its licence before it installs; `convert` of a German
 * page says the language and the German voice it speaks with, and its progress has no JSON log line
 * in it; every help line fits 80 columns.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, VOICE_DOWNLOAD_HINT } from '../../shared/errors.ts';
import { VOICE_CATALOGUE } from '../machinery/voices/voice-catalogue.ts';
import { startListener, type TestListener } from '../test/listener.ts';
import { main } from './main.ts';

const GERMAN_PAGE = `<!doctype html><html lang="de"><head><title>Der Hafen am Morgen</title></head><body><article><h1>Der Hafen am Morgen</h1>
${[1, 2, 3].map((n) => `<p>Am frühen Morgen fahren die Fischer hinaus, und der Hafenmeister schreibt in sein Buch, welches Boot zuerst zurückkehrt. Das ist der Absatz ${n} unserer kleinen Geschichte.</p>`).join('\n')}
</article></body></html>`;

let dir: string;
let internal: TestListener;
const saved = { ...process.env };
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-messages-'));
  fs.writeFileSync(path.join(dir, 'hafen.html'), GERMAN_PAGE);
  internal = await startListener((_req, res) => res.end('internal'));
  Object.assign(process.env, { NODE_ENV: 'test', LOG_LEVEL: 'info', FETCH_ALLOW_HOSTS: '', VOICE_DOWNLOADS: 'off', DATA_DIR: path.join(dir, 'data') });
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
});
afterAll(async () => {
  process.env = saved;
  await internal.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('the command line says what to do next', () => {
  it('a local page refused names FETCH_ALLOW_HOSTS with its host and port', async () => {
    const refused = await run(['extract', `http://127.0.0.1:${internal.port}/story`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `${CONTENT_MESSAGES.privateAddress} To read a page at 127.0.0.1:${internal.port} anyway, set FETCH_ALLOW_HOSTS=127.0.0.1:${internal.port}.`,
    );
    expect(internal.connections()).toBe(0);
  });

  it('a non-commercial voice warns of its licence; one that cannot be downloaded names the mirror and the voices folder', async () => {
    const voice = VOICE_CATALOGUE.find((v) => v.licenceUse === 'non-commercial')!;
    const install = await run(['voices', 'install', voice.id]);
    expect(install.code).toBe(1);
    expect(install.stderr).toContain(`Warning: ${voice.id} is licensed for non-commercial use only (${voice.licence})`);
    expect(install.stderr).toContain(voice.licenceSource);
    expect(install.stderr).toContain(VOICE_DOWNLOAD_HINT);
    expect(VOICE_DOWNLOAD_HINT).toMatch(/VOICE_MODELS_URL.*voices folder/);
  });

  it('convert of a German page says its language and German voice, and no JSON log line among its steps', async () => {
    const converted = await run(['convert', path.join(dir, 'hafen.html'), '-o', path.join(dir, 'hafen.mp3')]);
    expect(converted.code, converted.stderr).toBe(0);
    const speaking = converted.stderr.split('\n').find((line) => line.startsWith('Speaking'));
    expect(speaking).toMatch(/^Speaking "Der Hafen am Morgen" \(espeak, de\S*, de, read mode\)…$/);
    for (const line of converted.stderr.split('\n')) expect(line.trim().startsWith('{'), line).toBe(false);
    expect(JSON.parse(converted.stdout)).toMatchObject({ title: 'Der Hafen am Morgen', mode: 'read' });
  });

  it('keeps every help line within 80 columns', async () => {
    const helps = [await run(['--help']), ...(await Promise.all(['extract', 'convert', 'speech-text', 'voices', 'serve', 'worker'].map((c) => run([c, '--help']))))];
    for (const help of helps) {
      expect(help.code).toBe(0);
      for (const line of help.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    }
    expect(helps[0]!.stdout).toContain('pagecast convert <url|file.html|file.pdf> -o out.mp3');
  });
});
