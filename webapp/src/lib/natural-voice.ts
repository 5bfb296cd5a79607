/**
 * Whether this server speaks in a natural voice now (one installed, or a speech API), so the home
 * page promises "a natural voice" only where it has one. The same request (and cache entry) as the
 * voice pickers' list; until it answers, the wording names no kind of voice.
 */
import { useQuery } from '@tanstack/react-query';
import { pagecast } from './api-client.ts';

/** null until the server has answered. */
export function useSpeaksNaturally(): boolean | null {
  const { data } = useQuery({
    queryKey: ['voices'],
    queryFn: ({ signal }) => pagecast.voices.list({ signal }),
    staleTime: 5 * 60_000,
  });
  return data ? data.naturalVoice : null;
}

/** How the home page says the script is spoken: "in a natural voice" only when it is. */
export function spokenPhrase(speaksNaturally: boolean | null): string {
  if (speaksNaturally === null) return 'speaks it aloud';
  return speaksNaturally ? 'speaks it in a natural voice' : 'speaks it with its built-in voice';
}
