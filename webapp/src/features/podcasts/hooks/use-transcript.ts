/**
 * A podcast's timed transcript. While the episode is made it grows: it is read again each time more
 * audio exists (`madeSeconds` moves, from the progress events or the shared page's checks), and once
 * more when the episode is complete.
 */
import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Transcript } from '../../../../../shared/api/transcript.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { fetchTranscript, type TranscriptOf } from '../api/transcript.ts';

export function useTranscript(
  of: TranscriptOf,
  { enabled, live, madeSeconds }: { enabled: boolean; /** The episode is being made. */ live: boolean; madeSeconds: number | null },
) {
  const key = 'podcastId' in of ? podcastKeys.transcript('podcast', of.podcastId) : podcastKeys.transcript('shared', of.shareToken);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }): Promise<Transcript> => fetchTranscript(of, signal),
    enabled,
    placeholderData: keepPreviousData,
    // A complete transcript does not change (until the podcast is voiced again, which makes it anew).
    staleTime: (q) => (q.state.data?.complete ? Infinity : 0),
  });
  const { refetch } = query;
  const complete = query.data?.complete ?? false;
  // Read again as audio is added, and once when the episode completes (a new voice makes it anew).
  const seen = useRef(`${madeSeconds}:${live}`);
  useEffect(() => {
    const now = `${madeSeconds}:${live}`;
    if (!enabled || seen.current === now) return;
    seen.current = now;
    if (live || !complete) void refetch();
  }, [enabled, live, complete, madeSeconds, refetch]);
  return { transcript: query.data ?? null, error: query.error, loading: query.isPending && enabled };
}
