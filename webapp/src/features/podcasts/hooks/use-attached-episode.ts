import { useEffect, type RefObject } from 'react';
import { attachEpisode } from '../../../../../shared/client/attach-episode.ts';
import type { EpisodeSource } from '../../../../../shared/podcast/episode-source.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { loadHls } from '../../../lib/load-hls.ts';

/**
 * Puts the episode on the element once, for the player's life (a growing stream plays on through its
 * completion without being touched again); once it is ready, plays when asked, or plays on from where the screen just left was playing it (`playOnFrom`, asked here, after the
 * screen left has unmounted and said where it was: a render runs before that).
 */
export function useAttachedEpisode(
  audioRef: RefObject<HTMLAudioElement | null>,
  source: EpisodeSource,
  { autoPlay, play, playOnFrom }: { autoPlay: boolean; play: () => void; playOnFrom?: () => number | null },
) {
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    let active = true;
    const handedOver = playOnFrom?.() ?? null;
    const attached = attachEpisode(el, source, { loadHls, onError: (message) => toast.error(message) });
    attached.ready.then(
      () => {
        if (!active) return;
        if (handedOver !== null) el.currentTime = handedOver;
        if (autoPlay || handedOver !== null) play();
      },
      (err: unknown) => {
        if (active) toast.error(err instanceof Error ? err.message : 'The audio could not be played');
      },
    );
    return () => {
      active = false;
      attached.detach();
    };
    // Only when the player (its audio) is new.
  }, []);
}
