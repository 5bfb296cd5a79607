/**
 * The estimated length of the episode the URL card would make, of a page or of a PDF chosen. The server reads the page
 * (`POST /api/podcasts/estimate`) once the address has stayed the same for a moment, so typing does
 * not fetch a page per key, and each fetch counts against the hourly page-fetch limit Create shares:
 * so it is asked once per address (and voice), in read mode, and the other modes' lengths are worked
 * out here from the article's words and the voice's rate, as the server plans them (a retelling aims
 * at the minutes asked, never longer than the article; brief at two minutes). With no mode chosen the
 * server's own default is asked instead. Several sources are estimated together, as one episode
 * (`{ sources: [...] }`), once every address among them is one; the sources the server could not
 * read are named in the answer.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EstimatePodcastRequest, UnreadableSource } from '../../../../../shared/api/podcasts.ts';
import { BRIEF_MINUTES, type PodcastMode } from '../../../../../shared/constants.ts';
import { isWebsiteUrl, withScheme } from '../../../../../shared/validation.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { takesMinutes } from '../utils/modes.ts';
import { allAddressesValid, episodeSource, sourceIdentity, type FormSource } from '../utils/form-sources.ts';

/** How long the address must stay the same before the server is asked. */
export const ESTIMATE_DEBOUNCE_MS = 600;
/** A page's estimate is kept this long: flipping between modes asks nothing more. */
const ESTIMATE_FRESH_MS = 10 * 60_000;

export interface EstimateInput {
  /** The card's filled lines: an address typed or a PDF chosen each. */
  sources: readonly FormSource[];
  mode: PodcastMode | null;
  /** The minutes asked (podcast and conversation); null while the field holds an invalid value. */
  minutes: number | null;
  /** The voice picked (Premium): its speaking rate sets the length. */
  voice?: string | undefined;
}

export type EstimateState =
  | { kind: 'idle' }
  /** Several sources, one of them not yet an address. */
  | { kind: 'unfinished' }
  /** The minutes field holds something the server would refuse. */
  | { kind: 'no-minutes' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /**
   * `shortOf`: the minutes asked when the article is too short to fill them. `sources`: of an episode
   * of several, how many were read; `unreadable`: those that could not be, which it leaves out.
   */
  | {
      kind: 'ready';
      words: number;
      estimatedSeconds: number;
      shortOf: number | null;
      pages: number | null;
      listing: number | null;
      sources: number | null;
      unreadable: UnreadableSource[];
    };

/** The value once it has stopped changing for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A mode's length from the whole article's words and its reading time: the words the mode speaks
 * (the asked minutes' worth, at most the article) at the same rate.
 */
export function lengthInMode(
  read: { words: number; estimatedSeconds: number },
  mode: PodcastMode,
  minutes: number,
): { estimatedSeconds: number; shortOf: number | null } {
  const asked = mode === 'brief' ? BRIEF_MINUTES : takesMinutes(mode) ? minutes : null;
  if (asked === null || read.words === 0 || read.estimatedSeconds === 0) return { estimatedSeconds: read.estimatedSeconds, shortOf: null };
  const wordsPerSecond = read.words / read.estimatedSeconds;
  const budget = asked * 60 * wordsPerSecond;
  const spoken = Math.min(read.words, budget);
  // As the server plans it: an article under 85% of the asked words makes a shorter episode.
  const short = mode !== 'brief' && read.words < budget * 0.85;
  return { estimatedSeconds: Math.round(spoken / wordsPerSecond), shortOf: short ? asked : null };
}

/** The estimate's body for the card's filled lines (read mode, or the server's default), and its identity; null when there is nothing to ask. */
function estimateRequest(sources: readonly FormSource[], asked: { mode?: 'read'; voice?: string }): { request: EstimatePodcastRequest; key: string } | null {
  if (sources.length > 1) {
    const request = { sources: sources.map(episodeSource), ...asked };
    return { request, key: JSON.stringify({ sources: sources.map(sourceIdentity), ...asked }) };
  }
  const [only] = sources;
  if (!only) return null;
  if (only.pdf) return { request: { file: { name: only.pdf.name, data: only.pdf.data }, ...asked }, key: JSON.stringify({ ...asked, file: only.pdf.key }) };
  const address = withScheme(only.url);
  if (!isWebsiteUrl(address)) return null;
  const request = { url: address, ...asked };
  return { request, key: JSON.stringify(request) };
}

export function useEstimate(input: EstimateInput): EstimateState {
  const { sources } = input;
  const asked = { ...(input.mode === null ? {} : { mode: 'read' as const }), ...(input.voice ? { voice: input.voice } : {}) };
  const unfinished = sources.length > 1 && !allAddressesValid(sources);
  const ask = unfinished ? null : estimateRequest(sources, asked);
  const key = ask?.key ?? null;
  const settledKey = useSettled(key, ESTIMATE_DEBOUNCE_MS);
  const settled = settledKey === key ? (ask?.request ?? null) : null;
  const query = useQuery({
    queryKey: podcastKeys.estimate(settledKey ?? ''),
    queryFn: ({ signal }) => pagecast.podcasts.estimate(settled!, { signal }),
    enabled: settled !== null,
    staleTime: ESTIMATE_FRESH_MS,
    refetchOnWindowFocus: false,
  });
  if (unfinished) return { kind: 'unfinished' };
  if (!ask) return { kind: 'idle' };
  // Still typing, or asked and waiting.
  if (settled === null || query.isPending) return { kind: 'loading' };
  if (query.isError) return { kind: 'failed', message: errorMessage(query.error) };
  const { words, estimatedSeconds, pages, listing, unreadable } = query.data;
  const found = { words, pages, listing, unreadable, sources: sources.length > 1 ? sources.length - unreadable.length : null };
  if (input.mode === null) return { kind: 'ready', estimatedSeconds, shortOf: null, ...found };
  if (takesMinutes(input.mode) && input.minutes === null) return { kind: 'no-minutes' };
  return { kind: 'ready', ...found, ...lengthInMode(query.data, input.mode, input.minutes ?? 0) };
}
