/**
 * The player's speed, the same in every player: a member's is their preference on the server (so
 * every device has it), an anonymous listener's is kept in this browser. Either is also kept here,
 * so the speed holds before the server answers and if saving it fails.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { isPlaybackRate, toPlaybackRate, type PlaybackRate } from '../../../../../shared/podcast/playback-rate.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { getSession, setSessionUser, useSessionUser } from '../../../lib/session.ts';

const STORAGE_KEY = 'pagecast-playback-rate';
const listeners = new Set<() => void>();

function readLocal(): PlaybackRate {
  try {
    return toPlaybackRate(Number(localStorage.getItem(STORAGE_KEY) ?? 1));
  } catch {
    return 1;
  }
}

function writeLocal(rate: PlaybackRate): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(rate));
  } catch {
    // Storage full or off: the speed holds for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The speed to play at, and the change that keeps it (for the member on the server too). */
export function usePlaybackRate(): [PlaybackRate, (rate: PlaybackRate) => void] {
  const user = useSessionUser();
  const local = useSyncExternalStore(subscribe, readLocal);
  const memberRate = user?.playbackRate;
  const rate = isPlaybackRate(memberRate) ? memberRate : local;
  const setRate = useCallback((next: PlaybackRate) => {
    writeLocal(next);
    const member = getSession().user;
    if (!member) return;
    setSessionUser({ ...member, playbackRate: next });
    pagecast.auth.setPreferences({ playbackRate: next }).catch(() => {
      // Kept in this browser; the next change tries the server again.
    });
  }, []);
  return [rate, setRate];
}
