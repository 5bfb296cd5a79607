/**
 * The server's voices, asked for once per page load and shared by every picker (the URL card, each
 * card's 'Change voice', /profile). A failed request is tried again by the next picker that mounts.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { VoiceOption } from '../../../../../shared/api/premium.ts';
import { listVoices } from '../api/voices.ts';

export interface VoicesState {
  voices: VoiceOption[];
  /** The engine's own default voice. */
  defaultVoice: string | null;
  loaded: boolean;
  error: string | null;
}

const useVoicesStore = create<VoicesState>(() => ({ voices: [], defaultVoice: null, loaded: false, error: null }));

let pending: Promise<void> | null = null;

export function loadVoices(): Promise<void> {
  if (useVoicesStore.getState().loaded) return Promise.resolve();
  pending ??= listVoices()
    .then(({ voices, defaultVoice }) => useVoicesStore.setState({ voices, defaultVoice, loaded: true, error: null }))
    .catch((err: unknown) => {
      useVoicesStore.setState({ error: err instanceof Error ? err.message : String(err) });
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The voices; `enabled: false` (a member who cannot pick) skips the request. */
export function useVoices(enabled = true): VoicesState {
  useEffect(() => {
    if (enabled) void loadVoices();
  }, [enabled]);
  return useVoicesStore(useShallow((s) => ({ voices: s.voices, defaultVoice: s.defaultVoice, loaded: s.loaded, error: s.error })));
}

/** A voice's name for people, falling back to its id (a voice of an engine no longer configured). */
export function voiceName(voices: VoiceOption[], id: string | null | undefined): string | null {
  if (!id) return null;
  return voices.find((v) => v.id === id)?.name ?? id;
}

/** For tests: forget what was loaded. */
export function resetVoices(): void {
  pending = null;
  useVoicesStore.setState({ voices: [], defaultVoice: null, loaded: false, error: null });
}
