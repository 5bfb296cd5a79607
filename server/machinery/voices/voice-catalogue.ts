/**
 * The natural voices Pagecast offers: Piper (VITS) and Kokoro models converted for sherpa-onnx,
 * published as `.tar.bz2` release assets of the sherpa-onnx project (VOICE_MODELS_URL names a
 * mirror). Each archive holds one folder named like the archive, with the model, `tokens.txt` and
 * `espeak-ng-data/` (and `voices.bin` for Kokoro).
 *
 * What could not be checked when this list was written, and how the code copes:
 * - No archive's SHA-256 was known (no stored source gave one that could be trusted, and the archives
 *   cannot be downloaded here): `sha256: null` means "pinned at the first download". The first
 *   download records its SHA-256 in DATA_DIR/voices/pins.json, and every later download of that
 *   archive must match it (voice-store.ts). A checksum written here is verified from the start.
 * - Sizes are approximate (third-party listings of the same archive disagree by megabytes): they
 *   size the progress bar and the download limit (twice the size), not the verification.
 * - Licences are as the voice's source (`licenceSource`: its model card, or the model's page) states
 *   them. Pagecast is a paid service, so only a voice whose licence allows commercial use
 *   (`licenceUse: 'commercial'`) is ever a default, downloaded on first use or picked for a language
 *   on its own. A non-commercial or unclear one (a dataset published for non-commercial use; a model
 *   fine-tuned from `lessac`, whose Blizzard 2013 licence is read as non-commercial; a model card not
 *   read) is installed only by name (`pagecast voices install <id>`), which is taken as the
 *   administrator's decision, and is offered only when chosen.
 */

export type VoiceQuality = 'x_low' | 'low' | 'medium' | 'high';
export type VoiceGender = 'female' | 'male';

/** One speaker of a multi-speaker model, offered as its own voice (`<voice id>-<speaker id>`). */
export interface CatalogueSpeaker {
  id: string;
  /** The speaker's index in the model (sherpa-onnx's `sid`). */
  sid: number;
  name: string;
  gender: VoiceGender;
}

export interface CatalogueVoice {
  id: string;
  name: string;
  /** ISO 639-1 code of the language it speaks. */
  language: string;
  kind: 'piper' | 'kokoro';
  quality: VoiceQuality;
  /** The gender of the voice (of its first speaker when it has several). */
  gender: VoiceGender;
  /** Speakers offered by a multi-speaker model; absent for a one-speaker model. */
  speakers?: readonly CatalogueSpeaker[];
  /** The release asset's file name; it unpacks into a folder of the same name less `.tar.bz2`. */
  archive: string;
  /** The model file inside that folder. */
  model: string;
  /** About how big the archive is, in bytes (see the header). */
  approxBytes: number;
  /** SHA-256 of the archive (hex), or null until pinned by the first download. */
  sha256: string | null;
  /** The licence as its source states it. */
  licence: string;
  /** Where that licence is stated (the model card). */
  licenceSource: string;
  /** Whether a paid service may use it: only `commercial` voices are defaults or download by themselves. */
  licenceUse: 'commercial' | 'non-commercial' | 'unclear';
  /** What the model produces (Hz); the engine resamples to its own rate. */
  sampleRate: number;
}

const MB = 1_000_000;

/** A Piper voice converted by sherpa-onnx: archive `vits-piper-<locale>-<name>-<quality>.tar.bz2`. */
function piper(
  voice: Omit<CatalogueVoice, 'kind' | 'archive' | 'model' | 'sampleRate' | 'id' | 'licenceSource'> & { locale: string; speaker: string; sampleRate?: number },
): CatalogueVoice {
  const { locale, speaker, sampleRate, ...rest } = voice;
  const stem = `${locale}-${speaker}-${voice.quality}`;
  return {
    ...rest,
    // Each Piper voice's MODEL_CARD names its dataset, its licence and what it was fine-tuned from.
    licenceSource: `https://huggingface.co/rhasspy/piper-voices/blob/main/${locale.split('_')[0]}/${locale}/${speaker}/${voice.quality}/MODEL_CARD`,
    id: `piper-${locale.toLowerCase().replace('_', '-')}-${speaker.replace(/_/g, '-')}`,
    kind: 'piper',
    archive: `vits-piper-${stem}.tar.bz2`,
    model: `${stem}.onnx`,
    sampleRate: sampleRate ?? (voice.quality === 'x_low' || voice.quality === 'low' ? 16_000 : 22_050),
  };
}

export const VOICE_CATALOGUE: readonly CatalogueVoice[] = [
  piper({
    locale: 'en_US', speaker: 'ljspeech', name: 'Linda (American English, natural)', language: 'en', quality: 'medium', gender: 'female',
    approxBytes: 64 * MB, sha256: null, licence: 'Public domain (LJ Speech dataset; trained from scratch)', licenceUse: 'commercial',
  }),
  piper({
    locale: 'en_US', speaker: 'ryan', name: 'Ryan (American English, natural)', language: 'en', quality: 'medium', gender: 'male',
    approxBytes: 67 * MB, sha256: null, licence: 'RyanSpeech dataset, published for non-commercial use only', licenceUse: 'non-commercial',
  }),
  piper({
    locale: 'en_GB', speaker: 'alba', name: 'Alba (Scottish English, natural)', language: 'en', quality: 'medium', gender: 'female',
    approxBytes: 64 * MB, sha256: null, licence: 'CC BY 4.0 dataset, fine-tuned from en_US-lessac (Blizzard 2013 licence, read as non-commercial)', licenceUse: 'unclear',
  }),
  {
    id: 'kokoro-en',
    name: 'Kokoro (English, natural)',
    language: 'en',
    kind: 'kokoro',
    quality: 'high',
    gender: 'female',
    speakers: [
      { id: 'af', sid: 0, name: 'Kokoro: American (female, the default blend)', gender: 'female' },
      { id: 'af-bella', sid: 1, name: 'Kokoro: Bella (American, female)', gender: 'female' },
      { id: 'af-nicole', sid: 2, name: 'Kokoro: Nicole (American, female)', gender: 'female' },
      { id: 'af-sarah', sid: 3, name: 'Kokoro: Sarah (American, female)', gender: 'female' },
      { id: 'af-sky', sid: 4, name: 'Kokoro: Sky (American, female)', gender: 'female' },
      { id: 'am-adam', sid: 5, name: 'Kokoro: Adam (American, male)', gender: 'male' },
      { id: 'am-michael', sid: 6, name: 'Kokoro: Michael (American, male)', gender: 'male' },
      { id: 'bf-emma', sid: 7, name: 'Kokoro: Emma (British, female)', gender: 'female' },
      { id: 'bf-isabella', sid: 8, name: 'Kokoro: Isabella (British, female)', gender: 'female' },
      { id: 'bm-george', sid: 9, name: 'Kokoro: George (British, male)', gender: 'male' },
      { id: 'bm-lewis', sid: 10, name: 'Kokoro: Lewis (British, male)', gender: 'male' },
    ],
    archive: 'kokoro-en-v0_19.tar.bz2',
    model: 'model.onnx',
    approxBytes: 305 * MB,
    sha256: null,
    licence: 'Apache-2.0 (Kokoro-82M model weights)',
    licenceSource: 'https://huggingface.co/hexgrad/Kokoro-82M',
    licenceUse: 'commercial',
    sampleRate: 24_000,
  },
  piper({
    locale: 'de_DE', speaker: 'thorsten', name: 'Thorsten (German, natural)', language: 'de', quality: 'medium', gender: 'male',
    approxBytes: 67 * MB, sha256: null, licence: 'CC0-1.0 (Thorsten dataset)', licenceUse: 'commercial',
  }),
  piper({
    locale: 'fr_FR', speaker: 'siwis', name: 'Siwis (French, natural)', language: 'fr', quality: 'medium', gender: 'female',
    approxBytes: 64 * MB, sha256: null, licence: 'CC BY 4.0 as listed for the SIWIS dataset (model card not confirmed)', licenceUse: 'unclear',
  }),
  piper({
    locale: 'es_ES', speaker: 'davefx', name: 'Davefx (Spanish, natural)', language: 'es', quality: 'medium', gender: 'male',
    approxBytes: 64 * MB, sha256: null, licence: 'CC0 as listed for its dataset (model card not confirmed)', licenceUse: 'unclear',
  }),
  piper({
    locale: 'it_IT', speaker: 'riccardo', name: 'Riccardo (Italian, natural)', language: 'it', quality: 'x_low', gender: 'male',
    approxBytes: 30 * MB, sha256: null, licence: 'Unknown: check the model card before use', licenceUse: 'unclear',
  }),
  piper({
    locale: 'pt_BR', speaker: 'faber', name: 'Faber (Brazilian Portuguese, natural)', language: 'pt', quality: 'medium', gender: 'male',
    approxBytes: 64 * MB, sha256: null, licence: 'Unknown: check the model card before use', licenceUse: 'unclear',
  }),
  piper({
    locale: 'nl_BE', speaker: 'nathalie', name: 'Nathalie (Flemish Dutch, natural)', language: 'nl', quality: 'medium', gender: 'female',
    approxBytes: 64 * MB, sha256: null, licence: 'Unknown: check the model card before use', licenceUse: 'unclear',
  }),
  piper({
    locale: 'pl_PL', speaker: 'gosia', name: 'Gosia (Polish, natural)', language: 'pl', quality: 'medium', gender: 'female',
    approxBytes: 64 * MB, sha256: null, licence: 'Unknown: check the model card before use', licenceUse: 'unclear',
  }),
  piper({
    locale: 'ru_RU', speaker: 'irina', name: 'Irina (Russian, natural)', language: 'ru', quality: 'medium', gender: 'female',
    approxBytes: 64 * MB, sha256: null, licence: 'Unknown: check the model card before use', licenceUse: 'unclear',
  }),
  piper({
    locale: 'zh_CN', speaker: 'huayan', name: 'Huayan (Mandarin Chinese, natural)', language: 'zh', quality: 'medium', gender: 'female',
    approxBytes: 64 * MB, sha256: null, licence: 'Fine-tuned from en_US-lessac (Blizzard 2013 licence, read as non-commercial)', licenceUse: 'unclear',
  }),
];

/** Whether the voice may be a default or download by itself: its licence allows a paid service. */
export const offeredByDefault = (voice: Pick<CatalogueVoice, 'licenceUse'>) => voice.licenceUse === 'commercial';

/** The archive's folder: its file name less `.tar.bz2`. */
export function archiveFolder(voice: Pick<CatalogueVoice, 'archive'>): string {
  return voice.archive.replace(/\.tar\.bz2$/, '');
}

/** A voice a podcast can name: a one-speaker model, or one speaker of a multi-speaker model. */
export interface NaturalVoice {
  /** Stored on a podcast: the catalogue id, or `<catalogue id>-<speaker id>`. */
  id: string;
  name: string;
  language: string;
  gender: VoiceGender;
  /** The catalogue entry whose files speak it. */
  model: CatalogueVoice;
  sid: number;
}

/** Every voice the catalogue's models offer, each speaker of a multi-speaker model apart. */
export function naturalVoices(catalogue: readonly CatalogueVoice[] = VOICE_CATALOGUE): NaturalVoice[] {
  return catalogue.flatMap((model) =>
    model.speakers
      ? model.speakers.map((s) => ({ id: `${model.id}-${s.id}`, name: s.name, language: model.language, gender: s.gender, model, sid: s.sid }))
      : [{ id: model.id, name: model.name, language: model.language, gender: model.gender, model, sid: 0 }],
  );
}
