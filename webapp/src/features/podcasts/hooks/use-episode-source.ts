/**
 * The source a player plays, held across re-renders: the shared rule picks it (the finished file, or
 * the stream while the episode is made) and keeps the one already held while it names the same
 * episode, so a new signature or the episode completing never restarts the audio.
 */
import { useState } from 'react';
import { episodeSource, sameSource, type EpisodeAddresses, type EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';

export function useEpisodeSource({ audioUrl, streamUrl, status }: EpisodeAddresses): EpisodeSource | null {
  const [held, setHeld] = useState<EpisodeSource | null>(() => episodeSource({ audioUrl, streamUrl, status }));
  const next = episodeSource({ audioUrl, streamUrl, status }, held);
  // Adjusting state while rendering: React renders again at once with the new source.
  if (!sameSource(next, held)) setHeld(next);
  return next;
}
