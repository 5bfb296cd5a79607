/**
 * What this server can make: whether an AI model writes the scripts (without one, Podcast, Brief and
 * Conversation cannot retell an article), the mode it picks when none is asked, and the languages the voices speak. Read once per
 * page load and shared; unknown (null) until the server answers.
 */
import { useQuery } from '@tanstack/react-query';
import type { PodcastMode } from '../../../shared/constants.ts';
import { pagecast } from './api-client.ts';

export interface CapabilitiesState {
  aiWriter: boolean | null;
  defaultMode: PodcastMode | null;
  /** The languages an episode may be asked in (with an AI writer); empty until known. */
  languages: readonly string[];
}

export function useCapabilities(): CapabilitiesState {
  const { data } = useQuery({
    queryKey: ['capabilities'],
    queryFn: ({ signal }) => pagecast.server.capabilities({ signal }),
    // The server's settings do not change while it runs.
    staleTime: Infinity,
  });
  return data ?? { aiWriter: null, defaultMode: null, languages: [] };
}
