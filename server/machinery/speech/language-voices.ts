/**
 * Which voices speak an article in its language. The embedded espeak-ng speaks about a hundred
 * languages, each with a voice and a female variant; an OpenAI-compatible voice speaks many languages
 * with the same voice, so there the member's voice is kept whatever the language.
 *
 * A language espeak has no voice for is read by the voice of the closest language it has (a sister
 * language in the same script), else by the English voice; `voiceLanguage` says which one, so the
 * caller can say so.
 */

export type EngineName = 'espeak' | 'openai';

/** A natural voice installed on this machine, as the choice of voices sees it. */
export interface LanguageVoice {
  id: string;
  /** ISO 639-1 code. */
  language: string;
  gender: 'female' | 'male';
  /** Spoken only when a member chose it (a licence that is not for commercial use, or unclear): never a default nor a guest. */
  chosenOnly?: boolean;
}

export interface HostVoices {
  /** The voice of the one host (every mode), and of the first host in a conversation. */
  host: string;
  /** The second host's voice in a conversation, never the same as host. */
  guest: string;
}

/** An espeak voice for a language other than English: id `<code>` or `<code>-female`. */
export interface EspeakLanguageVoice {
  id: string;
  /** The name espeak-ng knows it by (a voice file, optionally with a +variant). */
  espeak: string;
  language: string;
  female: boolean;
}

/**
 * ISO 639-1 code → the espeak-ng voice file that speaks it (the bundled voice data). English is not
 * here: its voices are the engine's own list (American, British and the rest).
 */
const ESPEAK_LANGUAGE_FILES: Readonly<Record<string, string>> = {
  af: 'af', am: 'am', an: 'an', ar: 'ar', as: 'as', az: 'az', ba: 'ba', be: 'be', bg: 'bg', bn: 'bn',
  bs: 'bs', ca: 'ca', cs: 'cs', cv: 'cv', cy: 'cy', da: 'da', de: 'de', el: 'el', eo: 'eo', es: 'es', et: 'et',
  eu: 'eu', fa: 'fa', fi: 'fi', fo: 'fo', fr: 'fr', ga: 'ga', gd: 'gd', gn: 'gn', gu: 'gu', he: 'he',
  hi: 'hi', hr: 'hr', ht: 'ht', hu: 'hu', hy: 'hy', ia: 'ia', id: 'id', io: 'io', is: 'is', it: 'it',
  ja: 'ja', ka: 'ka', kk: 'kk', kl: 'kl', kn: 'kn', ko: 'ko', ku: 'ku', ky: 'ky', la: 'la', lb: 'lb',
  lt: 'lt', lv: 'lv', mi: 'mi', mk: 'mk', ml: 'ml', mr: 'mr', ms: 'ms', mt: 'mt', my: 'my', nb: 'nb',
  ne: 'ne', nl: 'nl', om: 'om', or: 'or', pa: 'pa', pl: 'pl', pt: 'pt', qu: 'qu', ro: 'ro', ru: 'ru',
  sd: 'sd', si: 'si', sk: 'sk', sl: 'sl', sq: 'sq', sr: 'sr', sv: 'sv', sw: 'sw', ta: 'ta', te: 'te',
  th: 'th', ti: 'ti', tk: 'tk', tn: 'tn', tr: 'tr', tt: 'tt', ug: 'ug', uk: 'uk', ur: 'ur', uz: 'uz',
  vi: 'vi', zh: 'cmn',
};

/** Languages espeak has no voice for, read by a sister language's voice in the same script. */
const CLOSEST_LANGUAGE: Readonly<Record<string, string>> = {
  no: 'nb', nn: 'nb', gl: 'pt', oc: 'ca', fy: 'nl', li: 'nl', yi: 'de', jv: 'id', su: 'id', mg: 'id',
  ceb: 'id', tl: 'id', ilo: 'id', ps: 'fa', skr: 'ur', mai: 'hi', bho: 'hi', mag: 'hi', koi: 'ru',
  zu: 'tn', xh: 'tn', st: 'tn', rw: 'sw', rn: 'sw', ny: 'sw', ln: 'sw', so: 'om', ha: 'sw',
  yo: 'sw', ig: 'sw', ff: 'sw', ckb: 'ku', lo: 'th', km: 'th', bo: 'hi', dz: 'hi',
};

/** The English voices (the engine's own list), by gender. */
const ENGLISH_MALE = ['en-us', 'en-gb', 'en-gb-x-rp', 'en-gb-scotland', 'en-029', 'en-us-nyc'];
const ENGLISH_FEMALE: Readonly<Record<string, string>> = { 'en-us': 'en-us-female', 'en-gb': 'en-gb-female' };
const FEMALE_SUFFIX = '-female';

/** The OpenAI voices a conversation's second host takes, in order of preference. */
const OPENAI_GUESTS = ['nova', 'onyx', 'alloy'];
const OPENAI_DEFAULT = 'alloy';

/** Every espeak voice for a language other than English, male then female for each. */
export const ESPEAK_LANGUAGE_VOICES: readonly EspeakLanguageVoice[] = Object.entries(ESPEAK_LANGUAGE_FILES).flatMap(
  ([language, file]) => [
    { id: language, espeak: file, language, female: false },
    { id: `${language}${FEMALE_SUFFIX}`, espeak: `${file}+f3`, language, female: true },
  ],
);
const BY_ID = new Map(ESPEAK_LANGUAGE_VOICES.map((v) => [v.id, v]));

/** The espeak language voice with this id, if it is one. */
export function espeakLanguageVoice(id: string): EspeakLanguageVoice | undefined {
  return BY_ID.get(id);
}

/** The base of a language tag, lower case: `de-AT` → `de`, `pt_BR` → `pt`. */
export function baseLanguage(language: string): string {
  return language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The language whose voice reads `language` on this engine, and whether it is that language itself.
 * An OpenAI-compatible voice speaks any language; espeak reads one it lacks with the closest it has.
 */
export function voiceLanguage(engine: EngineName, language: string): { language: string; exact: boolean } {
  const base = baseLanguage(language) || 'en';
  if (engine === 'openai' || base === 'en' || ESPEAK_LANGUAGE_FILES[base]) return { language: base, exact: true };
  const closest = CLOSEST_LANGUAGE[base];
  return { language: closest && ESPEAK_LANGUAGE_FILES[closest] ? closest : 'en', exact: false };
}

/** Whether an espeak voice id is a female one. */
function isFemale(voice: string | null | undefined): boolean {
  return !!voice && voice.endsWith(FEMALE_SUFFIX);
}

/** The espeak voice of `language` (as voiceLanguage maps it) of the other gender than `female` says. */
function espeakOtherGender(language: string, female: boolean): string {
  if (language === 'en') return female ? 'en-us' : ENGLISH_FEMALE['en-us']!;
  return female ? language : `${language}${FEMALE_SUFFIX}`;
}

/**
 * The two voices for an article in `language`. espeak: the article's language wins over a voice the
 * member chose in another language (its gender is kept); a chosen voice of that language stays host.
 * With natural voices of the article's language installed (`natural`), one of them is host unless
 * the member chose an espeak voice of that language; the guest is another natural voice (the other
 * gender first), else espeak's voice of the other gender.
 * OpenAI: the chosen voice (else `engineDefault`, else alloy) is host whatever the language.
 */
export function hostVoices(
  engine: EngineName,
  language: string,
  chosen?: string | null,
  engineDefault?: string | null,
  natural: readonly LanguageVoice[] = [],
): HostVoices {
  if (engine === 'openai') {
    const host = chosen || engineDefault || OPENAI_DEFAULT;
    return { host, guest: OPENAI_GUESTS.find((v) => v !== host)! };
  }
  const target = voiceLanguage('espeak', language).language;
  const naturalOf = (id: string | null | undefined) => natural.find((v) => v.id === id);
  const female = (id: string | null | undefined) => (naturalOf(id) ? naturalOf(id)!.gender === 'female' : isFemale(id));
  const here = natural.filter((v) => v.language === (baseLanguage(language) || 'en') && (!v.chosenOnly || v.id === chosen));
  const chosenEspeakHere =
    !!chosen && !naturalOf(chosen) && (target === 'en' ? ENGLISH_MALE.includes(chosen) || Object.values(ENGLISH_FEMALE).includes(chosen) : BY_ID.get(chosen)?.language === target);
  if (here.length > 0 && !chosenEspeakHere) {
    // No choice: the engine's default when it is natural; an espeak default says nothing of gender.
    const picked = chosen ?? (naturalOf(engineDefault) ? engineDefault : null);
    const wanted = picked ? (female(picked) ? 'female' : 'male') : undefined;
    const host = here.find((v) => v.id === picked) ?? here.find((v) => v.gender === wanted) ?? here[0]!;
    const guest = here.find((v) => v.id !== host.id && v.gender !== host.gender) ?? here.find((v) => v.id !== host.id);
    return { host: host.id, guest: guest?.id ?? espeakOtherGender(target, host.gender === 'female') };
  }
  if (target === 'en') {
    const picked = chosen ?? engineDefault;
    const english = picked && (ENGLISH_MALE.includes(picked) || Object.values(ENGLISH_FEMALE).includes(picked));
    const host = english ? picked : female(picked) ? ENGLISH_FEMALE['en-us']! : 'en-us';
    const guest = isFemale(host) ? 'en-us' : (ENGLISH_FEMALE[host] ?? ENGLISH_FEMALE['en-us']!);
    return { host, guest };
  }
  const male = target;
  const femaleVoice = `${target}${FEMALE_SUFFIX}`;
  const chosenHere = chosen ? BY_ID.get(chosen) : undefined;
  if (chosenHere && chosenHere.language === target) return { host: chosenHere.id, guest: chosenHere.female ? male : femaleVoice };
  return female(chosen) ? { host: femaleVoice, guest: male } : { host: male, guest: femaleVoice };
}
