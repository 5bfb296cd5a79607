import { useEffect, type RefObject } from 'react';

/** Any other audio or video on the page starting to play pauses this one: one card plays at a time. */
export function useOnePlayerAtATime(audioRef: RefObject<HTMLAudioElement | null>) {
  useEffect(() => {
    const onOtherPlay = (event: Event) => {
      if (event.target !== audioRef.current && event.target instanceof HTMLMediaElement) audioRef.current?.pause();
    };
    document.addEventListener('play', onOtherPlay, true);
    return () => document.removeEventListener('play', onOtherPlay, true);
  }, [audioRef]);
}
