/**
 * Saves where the listener is in a podcast (every member): throttled while it plays, at once on
 * pause, and as the page is hidden or closed (with keepalive, so the request survives the tab). The
 * cached lists follow, so a card shows the new 'Resume from' without waiting for the server's list.
 */
import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { patchPodcast } from '../api/podcast-list.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { createPositionSaver, type PositionSaver } from '../utils/playback-position.ts';

export function usePositionSaver(id: string, savedSeconds: number | null | undefined): PositionSaver {
  const queryClient = useQueryClient();
  // One saver per podcast: the saved figure only seeds it, later saves come from the saver itself.
  const saver = useMemo(
    () =>
      createPositionSaver({
        saved: savedSeconds ?? null,
        save: (seconds, { keepalive }) => {
          patchPodcast(queryClient, id, { positionSeconds: seconds });
          pagecast.podcasts.savePosition(id, seconds, { keepalive }).catch((err: unknown) => {
            // Losing a resume point is not worth interrupting the listener for.
            console.warn('Could not save the playback position', err);
          });
        },
      }),
    [queryClient, id],
  );

  useEffect(() => {
    const onPageHide = () => saver.flush({ keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onPageHide();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      saver.flush();
    };
  }, [saver]);

  return saver;
}
