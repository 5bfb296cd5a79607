import { useState, type RefObject } from 'react';
import { VOLUME } from '../../../../../shared/constants.ts';

/**
 * An <audio>'s volume and mute as the controls show them: set through the element, and followed from
 * its `volumechange` (`onVolumeChange`), so media keys and the browser's own controls show too.
 */
export function useVolume(audioRef: RefObject<HTMLAudioElement | null>) {
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);

  function change(value: number) {
    const el = audioRef.current;
    if (!el) return;
    el.volume = value;
    el.muted = value === 0;
    // The element reports the change a moment later; a controlled slider must hold its value now, or
    // a second key press starts again from the old one.
    setVolume(value);
    setMuted(value === 0);
  }

  function toggleMute() {
    const el = audioRef.current;
    if (!el) return;
    if (el.muted && el.volume === 0) el.volume = VOLUME.step * 5;
    el.muted = !el.muted;
    setVolume(el.volume);
    setMuted(el.muted);
  }

  function onVolumeChange(el: HTMLAudioElement) {
    setVolume(el.volume);
    setMuted(el.muted);
  }

  return { volume, muted, change, toggleMute, onVolumeChange };
}
