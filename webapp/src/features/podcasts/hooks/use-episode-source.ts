/**
 * The source a player plays, held across re-renders: the shared rule picks it (the finished file, or
 * the stream while the episode is made) and keeps the one already held while it names the same
 * episode, so a new signature or the episode completing never restarts the audio. `playNow`: the
 * player will play at once (the member just asked for the podcast), so it takes a new podcast's stream
 * before its first part is made.
 */
import { useState } from 'react';
import { episodeSource, sameSource, type EpisodeAddresses, type EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';

export function useEpisodeSource({ audioUrl, streamUrl, status, audioSeconds }: EpisodeAddresses, { playNow = false } = {}): EpisodeSource | null {
  const addresses = { audioUrl, streamUrl, status, audioSeconds };
  const [held, setHeld] = useState<EpisodeSource | null>(() => episodeSource(addresses, null, { playNow }));
  const next = episodeSource(addresses, held, { playNow });
  // Adjusting state while rendering: React renders again at once with the new source.
  if (!sameSource(next, held)) setHeld(next);
  return next;
}
