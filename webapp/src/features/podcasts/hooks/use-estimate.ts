/**
 * The estimated length of the episode the URL card would make, asked of the server
 * (`POST /api/podcasts/estimate`: it fetches and reads the page) once the address and the choices
 * have stayed the same for a moment, so typing an address does not fetch a page per key. Not counted
 * against the daily allowance. Each address and choice is asked once a minute at most.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PodcastMode } from '../../../../../shared/constants.ts';
import { isWebsiteUrl } from '../../../../../shared/validation.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { takesMinutes } from '../utils/modes.ts';

/** How long the address and choices must stay the same before the server is asked. */
export const ESTIMATE_DEBOUNCE_MS = 600;
const ESTIMATE_FRESH_MS = 60_000;

export interface EstimateInput {
  url: string;
  mode: PodcastMode | null;
  /** The minutes asked (podcast and conversation); null while the field holds an invalid value. */
  minutes: number | null;
}

export type EstimateState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; words: number; estimatedSeconds: number };

/** The value once it has stopped changing for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The request an input makes, or null when there is nothing to ask yet (no address, bad minutes). */
function estimateRequest({ url, mode, minutes }: EstimateInput) {
  const address = url.trim();
  if (!isWebsiteUrl(address)) return null;
  // No mode chosen: the server estimates its own default.
  if (mode === null) return { url: address };
  if (!takesMinutes(mode)) return { url: address, mode };
  return minutes === null ? null : { url: address, mode, minutes };
}

export function useEstimate(input: EstimateInput): EstimateState {
  const request = estimateRequest(input);
  const key = request ? JSON.stringify(request) : null;
  const settledKey = useSettled(key, ESTIMATE_DEBOUNCE_MS);
  const settled = settledKey === key ? request : null;
  const query = useQuery({
    queryKey: podcastKeys.estimate(settledKey ?? ''),
    queryFn: ({ signal }) => pagecast.podcasts.estimate(settled!, { signal }),
    enabled: settled !== null,
    staleTime: ESTIMATE_FRESH_MS,
    refetchOnWindowFocus: false,
  });
  if (!request) return { kind: 'idle' };
  // Still typing, or asked and waiting.
  if (settled === null || query.isPending) return { kind: 'loading' };
  if (query.isError) return { kind: 'failed', message: errorMessage(query.error) };
  return { kind: 'ready', words: query.data.words, estimatedSeconds: query.data.estimatedSeconds };
}
