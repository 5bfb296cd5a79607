/**
 * How sherpa-onnx loads an installed natural voice: its files in the voice's folder, as the
 * OfflineTts config the load check and the voice worker both take.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogueVoice } from './voice-catalogue.ts';

/** The OfflineTts config (sherpa-onnx-node's shape) for a voice unpacked in `dir`. */
export interface SherpaTtsConfig {
  model: {
    vits?: { model: string; tokens: string; dataDir: string };
    kokoro?: { model: string; voices: string; tokens: string; dataDir: string };
    numThreads: number;
    provider: 'cpu';
    debug: number;
  };
  maxNumSentences: number;
}

/** The files a voice needs, by kind. */
function files(voice: Pick<CatalogueVoice, 'kind' | 'model'>, dir: string) {
  return {
    model: path.join(dir, voice.model),
    tokens: path.join(dir, 'tokens.txt'),
    dataDir: path.join(dir, 'espeak-ng-data'),
    ...(voice.kind === 'kokoro' ? { voices: path.join(dir, 'voices.bin') } : {}),
  };
}

/** The first file of the voice missing from `dir`, or null when all are there. */
export function missingVoiceFile(voice: Pick<CatalogueVoice, 'kind' | 'model'>, dir: string): string | null {
  const needed = files(voice, dir);
  for (const file of Object.values(needed)) if (!fs.existsSync(file)) return path.relative(dir, file);
  return fs.existsSync(path.join(needed.dataDir, 'phontab')) ? null : 'espeak-ng-data/phontab';
}

/** One thread a voice: the server runs a voice per job slot, on a machine shared with requests. */
export function sherpaTtsConfig(voice: Pick<CatalogueVoice, 'kind' | 'model'>, dir: string): SherpaTtsConfig {
  const f = files(voice, dir);
  const common = { numThreads: 1, provider: 'cpu' as const, debug: 0 };
  const model =
    voice.kind === 'kokoro'
      ? { ...common, kokoro: { model: f.model, voices: f.voices!, tokens: f.tokens, dataDir: f.dataDir } }
      : { ...common, vits: { model: f.model, tokens: f.tokens, dataDir: f.dataDir } };
  return { model, maxNumSentences: 1 };
}
