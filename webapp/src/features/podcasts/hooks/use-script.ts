/**
 * A podcast's script, read on its own (a podcast's JSON never carries it): its owner's
 * (`{ podcastId }`) or a share link's (`{ shareToken }`). Read again each time it is asked for, so a
 * script written or edited since shows.
 */
import { useQuery } from '@tanstack/react-query';
import type { PodcastScript } from '../../../../../shared/api/podcasts.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { podcastKeys } from '../api/podcast-keys.ts';
import type { TranscriptOf } from '../api/transcript.ts';

export function useScript(of: TranscriptOf, enabled: boolean) {
  const owned = 'podcastId' in of;
  return useQuery({
    queryKey: owned ? podcastKeys.script(of.podcastId) : podcastKeys.sharedScript(of.shareToken),
    queryFn: ({ signal }): Promise<PodcastScript> =>
      owned ? pagecast.podcasts.script(of.podcastId, { signal }) : pagecast.sharing.script(of.shareToken, { signal }),
    enabled,
    staleTime: 0,
  });
}
