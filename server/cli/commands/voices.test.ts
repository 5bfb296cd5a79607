import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piperVoiceEntries, serveArchives, tarBz2, type ArchiveServer } from '../../test/fake-voice.ts';
import { SAFETY_NET_MS } from '../../test/wait.ts';

const BIN = path.resolve(import.meta.dirname, '../../../bin/pagecast.mjs');
const FOLDER = 'vits-piper-en_US-ljspeech-medium';

/** Runs the real `pagecast` bin with `env` added to a test environment. */
function pagecast(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: os.tmpdir(), env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: SAFETY_NET_MS },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let server: ArchiveServer;
beforeAll(async () => {
  // The catalogue's own archive name, holding the fake model.
  server = await serveArchives({ [`${FOLDER}.tar.bz2`]: await tarBz2(piperVoiceEntries(FOLDER, 'en_US-ljspeech-medium.onnx')) });
});
afterAll(() => server.close());

const columnOf = (listing: string, id: string, column: number) => listing.split('\n').find((line) => line.startsWith(`${id} `))?.trim().split(/\s{2,}/)[column];
const stateOf = (listing: string, id: string) => columnOf(listing, id, 6);

describe('pagecast voices', () => {
  it('lists the catalogue with each voice\'s state, installs one ahead of time, and then lists it installed', async () => {
    const env = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-cli-voices-')), VOICE_MODELS_URL: server.url };
    const before = await pagecast(['voices'], env);
    expect(before.code).toBe(0);
    for (const id of ['piper-en-us-ljspeech', 'kokoro-en', 'piper-de-de-thorsten', 'piper-zh-cn-huayan']) expect(stateOf(before.stdout, id)).toBe('not installed');

    const install = await pagecast(['voices', 'install', 'piper-en-us-ljspeech'], env);
    expect(install).toMatchObject({ code: 0 });
    expect(install.stdout).toMatch(/^piper-en-us-ljspeech installed in .*voices\/piper-en-us-ljspeech \(archive SHA-256 [0-9a-f]{64}\)/);
    expect(install.stderr).toMatch(/piper-en-us-ljspeech: 100% of/);

    const after = await pagecast(['voices'], env);
    expect(stateOf(after.stdout, 'piper-en-us-ljspeech')).toBe('installed');
    expect(stateOf(after.stdout, 'piper-en-us-ryan')).toBe('not installed');
    // Each licence as its source states it, with the source; the ones a paid service may not count on marked.
    expect(columnOf(after.stdout, 'piper-en-us-ljspeech', 5)).toBe('ok');
    expect(columnOf(after.stdout, 'piper-en-us-ryan', 5)).toBe('NON-COMMERCIAL');
    expect(columnOf(after.stdout, 'piper-en-gb-alba', 5)).toBe('UNCLEAR');
    expect(columnOf(after.stdout, 'piper-zh-cn-huayan', 5)).toBe('UNCLEAR');
    expect(columnOf(after.stdout, 'piper-en-us-ryan', 7)).toMatch(/non-commercial .*<https:\/\/huggingface\.co\/rhasspy\/piper-voices\/blob\/main\/en\/en_US\/ryan\/medium\/MODEL_CARD>/);

    // --force downloads it again (the archive was replaced upstream) and pins what comes.
    const requests = server.requests.length;
    const again = await pagecast(['voices', 'install', 'piper-en-us-ljspeech', '--force'], env);
    expect(again).toMatchObject({ code: 0 });
    expect(server.requests.slice(requests).map((r) => r.range)).toEqual([undefined]);
  });

  it('says why a voice cannot be installed: downloads off, or a name the catalogue lacks', async () => {
    const env = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-cli-voices-')), VOICE_MODELS_URL: server.url, VOICE_DOWNLOADS: 'off' };
    const requests = server.requests.length;
    const off = await pagecast(['voices', 'install', 'piper-en-us-ljspeech'], env);
    expect(off.code).toBe(1);
    expect(off.stderr).toMatch(/VOICE_DOWNLOADS=off allows no download/);
    expect(server.requests.length).toBe(requests);
    const unknown = await pagecast(['voices', 'install', 'no-such-voice'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No voice "no-such-voice"/);
  });
});

it('lists a voice whose download failed in the server as failed, with why, until an install succeeds', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-cli-voices-'));
  const env = { DATA_DIR: dataDir, VOICE_MODELS_URL: server.url };
  // The server's store (another process's) fails to download a voice the mirror does not have.
  const { createVoices } = await import('../../wiring.ts');
  const serverStore = createVoices({ dataDir, voices: { modelsUrl: server.url, downloads: true }, fetchAllowHosts: [] });
  const reason = await serverStore.install('piper-en-us-ryan').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(reason).not.toBe('');
  expect(serverStore.list().find((entry) => entry.voice.id === 'piper-en-us-ryan')?.state.state).toBe('failed');

  const listed = await pagecast(['voices'], env);
  expect(listed.code).toBe(0);
  expect(stateOf(listed.stdout, 'piper-en-us-ryan')).toBe('failed');
  expect(stateOf(listed.stdout, 'piper-en-us-ljspeech')).toBe('not installed');
  expect(listed.stdout).toContain(`piper-en-us-ryan failed: ${reason.replace(/[.\s]+$/, '')}.`);
  expect(listed.stdout).toContain('`pagecast voices install piper-en-us-ryan` tries now');
  expect(listed.stdout).toMatch(/VOICE_MODELS_URL/);

  // Once the mirror has it and an install succeeds, it is installed, for the CLI and for a server started afresh.
  server.set('vits-piper-en_US-ryan-medium.tar.bz2', await tarBz2(piperVoiceEntries('vits-piper-en_US-ryan-medium', 'en_US-ryan-medium.onnx')));
  expect(await pagecast(['voices', 'install', 'piper-en-us-ryan'], env)).toMatchObject({ code: 0 });
  const after = await pagecast(['voices'], env);
  expect(stateOf(after.stdout, 'piper-en-us-ryan')).toBe('installed');
  expect(after.stdout).not.toContain('failed');
  const restarted = createVoices({ dataDir, voices: { modelsUrl: server.url, downloads: true }, fetchAllowHosts: [] });
  expect(restarted.list().find((entry) => entry.voice.id === 'piper-en-us-ryan')?.state.state).toBe('installed');
});
