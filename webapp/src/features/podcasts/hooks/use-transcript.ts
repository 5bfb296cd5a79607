/**
 * A podcast's timed transcript. While the episode is made it grows: it is read again each time more
 * audio exists (`madeSeconds` moves, from the progress events or the shared page's checks), and once
 * more when the episode is complete.
 */
import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Transcript } from '../../../../../shared/api/transcript.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import { fetchTranscript, type TranscriptOf } from '../api/transcript.ts';

export function useTranscript(
  of: TranscriptOf,
  { enabled, live, madeSeconds }: { enabled: boolean; /** The episode is being made. */ live: boolean; madeSeconds: number | null },
) {
  const [kind, idOrToken] = 'podcastId' in of ? (['podcast', of.podcastId] as const) : (['shared', of.shareToken] as const);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: podcastKeys.transcript(kind, idOrToken),
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
    if (!live && complete) return;
    // A read still unanswered began before this change: it is dropped and the transcript read anew
    // (without an answer yet, a refetch would only wait for that read).
    void queryClient.cancelQueries({ queryKey: podcastKeys.transcript(kind, idOrToken), exact: true }).then(() => refetch());
  }, [enabled, live, complete, madeSeconds, refetch, queryClient, kind, idOrToken]);
  return { transcript: query.data ?? null, error: query.error, loading: query.isPending && enabled };
}
