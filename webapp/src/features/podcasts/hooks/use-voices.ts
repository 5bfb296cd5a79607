/**
 * The server's voices, shared by every picker (the URL card, each card's 'Change voice', /profile)
 * and read again after five minutes at most, every two seconds while a natural voice downloads. A failed request is tried again by the next picker that
 * mounts.
 */
import { useQuery } from '@tanstack/react-query';
import type { NaturalVoiceState, VoiceDownload, VoiceOption } from '../../../../../shared/api/premium.ts';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { podcastKeys } from '../api/podcast-keys.ts';

const VOICES_FRESH_MS = 5 * 60_000;
/** How often the list is read again while a natural voice downloads, for its progress. */
const DOWNLOAD_POLL_MS = 2_000;
const NO_VOICES: VoiceOption[] = [];
const NO_DOWNLOADS: VoiceDownload[] = [];
const NO_NATURAL: NaturalVoiceState[] = [];

/** The voices; `enabled: false` (a member who cannot pick) skips the request. */
export function useVoices(enabled = true) {
  const query = useQuery({
    queryKey: podcastKeys.voices(),
    queryFn: ({ signal }) => pagecast.voices.list({ signal }),
    staleTime: VOICES_FRESH_MS,
    refetchInterval: (current) => (current.state.data?.downloads.length ? DOWNLOAD_POLL_MS : false),
    enabled,
  });
  return {
    voices: query.data?.voices ?? NO_VOICES,
    /** The engine's own default voice. */
    defaultVoice: query.data?.defaultVoice ?? null,
    /** Natural voices downloading now. */
    downloads: query.data?.downloads ?? NO_DOWNLOADS,
    /** Each natural voice's state here (installed, downloading, failed, off, unavailable). */
    natural: query.data?.natural ?? NO_NATURAL,
    loaded: query.isSuccess,
    error: query.error ? errorMessage(query.error) : null,
  };
}

/** A voice's name for people, falling back to its id (a voice of an engine no longer configured). */
export function voiceName(voices: VoiceOption[], id: string | null | undefined): string | null {
  if (!id) return null;
  return voices.find((v) => v.id === id)?.name ?? id;
}

/**
 * The voice a podcast was spoken in. The embedded voices (ids such as `en-us`, `en-gb-female`) give
 * way to a voice of the article's language, so a French article chosen in American English was
 * spoken in French; any other voice (an OpenAI-compatible one) speaks every language itself.
 */
export function spokenVoiceName(voices: VoiceOption[], id: string | null | undefined, language: string | null): string | null {
  const chosen = voiceName(voices, id);
  if (!chosen || !id || !language || !/^en(?:-|$)/.test(id) || language.startsWith('en')) return chosen;
  let name: string;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return chosen;
  }
  return /female/.test(id) ? `${name} (female)` : name;
}
