/**
 * An edited script saved (Premium), and with a voice, spoken again at once in it. The card and the
 * script in the cache follow the answer; the new audio's conversion shows on the card.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Podcast, PodcastScript } from '../../../../../shared/api/podcasts.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { podcastKeys } from './podcast-keys.ts';
import { patchPodcast, refreshPodcastLists } from './podcast-list.ts';
import { toStoredPodcast } from './podcast-storage.ts';

interface SaveScript {
  podcastId: string;
  script: string;
  /** The voice to speak the saved script in now; null to keep the audio there is. */
  voice: string | null;
}

export async function saveScript({ podcastId, script, voice }: SaveScript): Promise<{ saved: Podcast; voiced: Podcast | null }> {
  const saved = await pagecast.podcasts.saveScript(podcastId, script);
  return { saved, voiced: voice ? await pagecast.podcasts.revoice(podcastId, voice) : null };
}

export function useSaveScript({ onSuccess, ...config }: MutationConfig<typeof saveScript> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveScript,
    onSuccess: (...args) => {
      const [{ saved, voiced }, { podcastId, script }] = args;
      patchPodcast(queryClient, podcastId, { hasScript: saved.hasScript, scriptEdited: saved.scriptEdited, status: saved.status });
      // The answer carries no script: the one sent shows at once, and the server's (its lines tidied)
      // is read the next time the script is asked for.
      queryClient.setQueryData(podcastKeys.script(podcastId), (old: PodcastScript | undefined) => ({ title: old?.title ?? saved.title, script }));
      void queryClient.invalidateQueries({ queryKey: podcastKeys.script(podcastId) });
      if (voiced) {
        patchPodcast(queryClient, podcastId, toStoredPodcast(voiced));
        void refreshPodcastLists(queryClient);
      }
      return onSuccess?.(...args);
    },
  });
}
