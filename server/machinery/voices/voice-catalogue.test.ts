import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveFolder, naturalVoices, VOICE_CATALOGUE } from './voice-catalogue.ts';

describe('the natural voice catalogue', () => {
  it('offers two English Piper voices, a Kokoro English voice with several speakers, and a Piper voice for each other language', () => {
    expect(VOICE_CATALOGUE.filter((v) => v.kind === 'piper' && v.language === 'en').length).toBeGreaterThanOrEqual(2);
    const kokoro = VOICE_CATALOGUE.find((v) => v.kind === 'kokoro' && v.language === 'en');
    expect(kokoro?.speakers?.length).toBeGreaterThan(1);
    for (const language of ['de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'zh']) {
      expect(VOICE_CATALOGUE.some((v) => v.kind === 'piper' && v.language === language)).toBe(true);
    }
  });

  it.each(VOICE_CATALOGUE.map((v) => [v.id, v] as const))('%s names its archive, model, size, licence and checksum honestly', (_, voice) => {
    expect(voice.archive).toMatch(/^[\w.-]+\.tar\.bz2$/);
    if (voice.kind === 'piper') expect(`vits-piper-${voice.model.replace(/\.onnx$/, '')}`).toBe(archiveFolder(voice));
    expect(voice.approxBytes).toBeGreaterThan(1_000_000);
    expect(voice.licence.length).toBeGreaterThan(0);
    // Either a real SHA-256, or null: pinned by the first download.
    if (voice.sha256 !== null) expect(voice.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives every voice a podcast can name its own id, a multi-speaker model one per speaker', () => {
    const ids = naturalVoices().map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('kokoro-en-am-adam');
    expect(ids.every((id) => id.length <= 100)).toBe(true);
  });
});

/** docs/voices.md's row for a catalogue voice: the table is checked against the catalogue, never written apart. */
function readmeRow(voice: (typeof VOICE_CATALOGUE)[number]): string {
  const id = voice.speakers ? `\`${voice.id}\` (${voice.speakers.length} speakers)` : `\`${voice.id}\``;
  const use = { commercial: 'yes', 'non-commercial': '**no: non-commercial**', unclear: '**unclear**' }[voice.licenceUse];
  return `| ${id} | ${voice.language} | ${voice.gender} | ${voice.quality} | ~${Math.round(voice.approxBytes / 1_000_000)} MB | ${voice.licence} | ${use} | [source](${voice.licenceSource}) |`;
}

describe('the voice table of docs/voices.md', () => {
  it('is the catalogue: every voice, its licence as its source states it, whether a paid service may use it, and the source', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/voices.md'), 'utf8');
    const rows = readme.split('\n').filter((line) => /^\| `(piper|kokoro)-/.test(line));
    expect(rows).toEqual(VOICE_CATALOGUE.map(readmeRow));
  });
});
