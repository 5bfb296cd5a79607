/**
 * The same page given twice among an episode's sources is read once: the later one is left out and
 * named, as a source that cannot be read is. Two sources are the same page when their addresses
 * compare equal as a follow compares them (no tracking parameters, fragment, `www.` or trailing
 * slash), before or after the page's redirects, or when they are the same PDF file.
 */
import { AppError } from '../errors.ts';
import { comparableAddress } from '../../shared/comparable-address.ts';
import type { PreparedArticle } from '../pipeline/ports.ts';
import type { EpisodeSource } from '../../shared/api/podcasts.ts';
import type { WithFiles } from '../../shared/api/podcast-files.ts';
import type { ReceivedFile } from '../machinery/upload/read-form.ts';

type ReceivedSource = WithFiles<EpisodeSource, ReceivedFile>;

export const repeatedSourceMessage = (place: number) => `The same page as source ${place}: it is read once.`;

const repeated = (first: number) => new AppError('VALIDATION_ERROR', { message: repeatedSourceMessage(first + 1) });

/** What a source is known by before it is read: its address as links compare, or its file's bytes. */
function keysOf(source: ReceivedSource): string[] {
  if ('file' in source) return [`file:${source.file.sha256}`];
  const address = 'url' in source ? source.url : source.sourceUrl;
  const key = address ? comparableAddress(address) : null;
  return key ? [key] : [];
}

/**
 * Each source's reading, a later copy of an earlier source replaced by the answer that names it:
 * `readings` null for a source not read (yet), so a copy known by its address is never fetched.
 */
export function leaveOutRepeats<T extends PreparedArticle | AppError | null>(sources: readonly ReceivedSource[], readings: readonly T[]): (T | AppError)[] {
  const first = new Map<string, number>();
  return readings.map((reading, index) => {
    const keys = keysOf(sources[index]!);
    // After redirects, the page's own address.
    if (reading && !(reading instanceof AppError) && reading.sourceUrl) keys.push(comparableAddress(reading.sourceUrl) ?? '');
    const earlier = keys.map((key) => first.get(key)).find((at) => at !== undefined);
    if (earlier !== undefined) return repeated(earlier);
    if (!(reading instanceof AppError)) for (const key of keys) if (key) first.set(key, index);
    return reading;
  });
}
