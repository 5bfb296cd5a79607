/**
 * A member's own pronunciations (`GET`/`PUT /api/pronunciations`) and the voice's text
 * (`POST /api/speech-text`). A list that breaks a limit is refused whole, each problem naming its
 * entry by number and written form, so the editor shows it beside the row and the saved list stays.
 */
import { z } from 'zod';

export const PRONUNCIATION_LIMITS = {
  entries: 500,
  written: 100,
  spoken: 200,
  /** The longest text `POST /api/speech-text` reads. */
  speechText: 5_000,
} as const;

// Line breaks would split a sentence; other control characters are read by no voice.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const LANGUAGE = /^[a-z]{2,3}$/;

/** An entry as a client sends it (`lang`: an ISO 639-1 code, or absent for every language). */
export interface PronunciationInput {
  written: string;
  spoken: string;
  lang?: string | null;
}

export interface PronunciationEntry {
  written: string;
  spoken: string;
  lang?: string;
}

const tidy = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim();

/** "Entry 3 ("Kubernetes")": the entry as a person finds it in their list. */
export function entryName(index: number, written: unknown): string {
  const text = typeof written === 'string' ? tidy(written.replace(CONTROL, ' ')) : '';
  if (!text) return `Entry ${index + 1}`;
  const shown = [...text].length > 40 ? `${[...text].slice(0, 39).join('')}…` : text;
  return `Entry ${index + 1} ("${shown}")`;
}

type Problem = { index: number; field: 'written' | 'spoken' | 'lang' | null; message: string };

function entryProblems(entry: unknown, index: number): Problem[] {
  const name = entryName(index, (entry as { written?: unknown } | null)?.written);
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return [{ index, field: null, message: `${name} must be an object with a written and a spoken form.` }];
  }
  const { written, spoken, lang } = entry as Record<string, unknown>;
  const problems: Problem[] = [];
  const text = (field: 'written' | 'spoken', value: unknown, max: number) => {
    const label = field === 'written' ? 'written form' : 'spoken form';
    if (typeof value !== 'string' || !tidy(value)) problems.push({ index, field, message: `${name}: the ${label} is missing.` });
    else if (CONTROL.test(value)) problems.push({ index, field, message: `${name}: the ${label} may not hold line breaks or control characters.` });
    else if ([...tidy(value)].length > max) problems.push({ index, field, message: `${name}: the ${label} is too long: at most ${max} characters.` });
  };
  text('written', written, PRONUNCIATION_LIMITS.written);
  text('spoken', spoken, PRONUNCIATION_LIMITS.spoken);
  if (lang !== undefined && lang !== null && lang !== '' && (typeof lang !== 'string' || !LANGUAGE.test(lang.trim().toLowerCase()))) {
    problems.push({ index, field: 'lang', message: `${name}: the language must be a code such as en, de or fr, or none for every language.` });
  }
  return problems;
}

/** The key two entries may not share: the same written form for the same languages. */
const sameAs = (e: PronunciationEntry) => `${e.lang ?? ''}\u0000${e.written}`;

function toEntry(raw: PronunciationInput): PronunciationEntry {
  const lang = typeof raw.lang === 'string' && raw.lang.trim() ? raw.lang.trim().toLowerCase() : undefined;
  return { written: tidy(raw.written), spoken: tidy(raw.spoken), ...(lang ? { lang } : {}) };
}

/** `PUT /api/pronunciations` and what `GET` answers: the whole list, in the member's order. */
export const pronunciationListSchema = z.object({
  entries: z
    .array(z.custom<PronunciationInput>(() => true), { error: 'entries must be a list of { written, spoken, lang? }.' })
    .superRefine((entries, ctx) => {
      if (entries.length > PRONUNCIATION_LIMITS.entries) {
        const index = PRONUNCIATION_LIMITS.entries;
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `${entryName(index, (entries[index] as { written?: unknown } | null)?.written)} is one too many: a list holds at most ${PRONUNCIATION_LIMITS.entries} entries.`,
        });
      }
      const seen = new Map<string, number>();
      entries.forEach((entry, index) => {
        const problems = entryProblems(entry, index);
        for (const p of problems) ctx.addIssue({ code: 'custom', path: p.field ? [index, p.field] : [index], message: p.message });
        if (problems.length) return;
        const key = sameAs(toEntry(entry));
        const earlier = seen.get(key);
        if (earlier !== undefined) {
          ctx.addIssue({ code: 'custom', path: [index, 'written'], message: `${entryName(index, entry.written)} repeats entry ${earlier + 1}.` });
        } else seen.set(key, index);
      });
    })
    .transform((entries) => entries.map(toEntry)),
});
export type PronunciationList = z.output<typeof pronunciationListSchema>;
export type PronunciationListInput = z.input<typeof pronunciationListSchema>;

/** What `GET`/`PUT /api/pronunciations` answer: the list as saved. */
export const savedPronunciationsSchema = z.object({
  entries: z.array(z.object({ written: z.string(), spoken: z.string(), lang: z.string().optional() })),
});

/** `POST /api/speech-text`: a text and its language; answers what the voice is given. */
export const speechTextRequestSchema = z.object({
  text: z
    .string({ error: 'The text is missing.' })
    .min(1, 'The text is missing.')
    .max(PRONUNCIATION_LIMITS.speechText, `The text is too long: at most ${PRONUNCIATION_LIMITS.speechText.toLocaleString('en')} characters.`),
  lang: z
    .string({ error: 'The language is missing: a code such as en, de or fr.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/, 'The language must be a code such as en, de or fr.'),
});
export type SpeechTextRequest = z.infer<typeof speechTextRequestSchema>;

export const speechTextResponseSchema = z.object({ text: z.string() });
export type SpeechTextResponse = z.infer<typeof speechTextResponseSchema>;
