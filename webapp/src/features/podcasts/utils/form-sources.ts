/**
 * The URL card's sources: the lines it holds (an address typed, or a PDF chosen) and what a request
 * sends of them. One filled line is sent as it always was (`{ url }` or `{ file }`); two to ten as
 * `{ sources: [...] }`, one episode with a chapter each. Empty lines are left out.
 */
import { SOURCES_PER_EPISODE, type EpisodeSourceToSend } from '../../../../../shared/api/podcasts.ts';
import { comparableAddress } from '../../../../../shared/comparable-address.ts';
import { CONTENT_MESSAGES } from '../../../../../shared/errors.ts';
import { isWebsiteUrl, validateUrlForm, withScheme } from '../../../../../shared/validation.ts';
import type { ChosenPdf } from './pdf-file.ts';

/** What one line of the card would make part of a podcast of: the address typed, or the PDF chosen. */
export interface FormSource {
  url: string;
  pdf: ChosenPdf | null;
}

/** A line of the card; `id` keeps its field (and focus) in place as lines come and go. */
export interface SourceLine extends FormSource {
  id: string;
}

/** The most lines the card holds: the most sources one episode takes. */
export const MAX_SOURCE_LINES = SOURCES_PER_EPISODE.max;

export const SOURCE_LINE_MESSAGES = {
  full: `One episode takes up to ${MAX_SOURCE_LINES} sources.`,
  leftOut: (count: number) =>
    `One episode takes up to ${MAX_SOURCE_LINES} sources, so ${count === 1 ? 'the last one was' : `the last ${count} were`} left out.`,
  repeated: (address: string) => `${address} is in the list twice: remove one.`,
} as const;

let lastId = 0;
/** A new line: an empty address, or the PDF given. */
export function newLine(source: Partial<FormSource> = {}): SourceLine {
  lastId += 1;
  return { id: `source-${lastId}`, url: source.url ?? '', pdf: source.pdf ?? null };
}

const isFilled = (line: FormSource) => line.pdf !== null || line.url.trim() !== '';

/** The lines with something in them, in order. */
export function filledSources(lines: readonly SourceLine[]): SourceLine[] {
  return lines.filter(isFilled);
}

/** The addresses in pasted text, one a line (blank lines skipped). */
export function pastedAddresses(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * `added` put in the lines at `index`: an empty line there takes the first of them, the rest follow it.
 * What would pass the most an episode takes is dropped and counted.
 */
export function insertLines(lines: readonly SourceLine[], index: number, added: readonly Partial<FormSource>[]): { lines: SourceLine[]; dropped: number; focus: string | null } {
  const target = lines[index];
  const replaces = target !== undefined && !isFilled(target) ? 1 : 0;
  const room = Math.max(0, MAX_SOURCE_LINES - lines.length + replaces);
  const taken = added.slice(0, room).map((source) => newLine(source));
  const next = [...lines.slice(0, index + 1 - replaces), ...taken, ...lines.slice(index + 1)];
  return { lines: next.length > 0 ? next : [newLine()], dropped: added.length - taken.length, focus: taken.at(-1)?.id ?? null };
}

/** The source as the API client takes it within `sources` (a PDF is sent as a file). */
export function episodeSource(source: FormSource): EpisodeSourceToSend {
  return source.pdf ? { file: { name: source.pdf.name, data: source.pdf.data } } : { url: withScheme(source.url) };
}

/** The source as a request's identity sees it: a file by its name, size and date, not its bytes. */
export function sourceIdentity(source: FormSource): unknown {
  return source.pdf ? { file: source.pdf.key } : { url: withScheme(source.url) };
}

/** Whether every address among `sources` is one the server would take (so an estimate is worth asking). */
export function allAddressesValid(sources: readonly FormSource[]): boolean {
  return sources.every((s) => s.pdf !== null || isWebsiteUrl(withScheme(s.url)));
}

/**
 * Why the filled lines cannot be sent as they are, and which line to point at; null when they can.
 * One line is checked as the card always checked it (the server says the rest); with several, each
 * address must be a website's and name a page once, and the line is named by its place in the card.
 */
export function linesProblem(lines: readonly SourceLine[]): { lineId: string; message: string } | null {
  const several = filledSources(lines).length > 1;
  const seen = new Set<string>();
  for (const [place, line] of lines.entries()) {
    if (line.pdf || !isFilled(line)) continue;
    const address = withScheme(line.url);
    const invalid = validateUrlForm(line.url) ?? (several && !isWebsiteUrl(address) ? CONTENT_MESSAGES.invalidWebsiteUrl : null);
    if (invalid) return { lineId: line.id, message: several ? `Address ${place + 1}: ${invalid}` : invalid };
    // The same page as the server compares them: tracking parameters, fragment, `www.` or a trailing slash aside.
    const key = comparableAddress(address) ?? address;
    if (seen.has(key)) return { lineId: line.id, message: SOURCE_LINE_MESSAGES.repeated(address) };
    seen.add(key);
  }
  return null;
}
