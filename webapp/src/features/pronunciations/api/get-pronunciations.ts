/** The member's own pronunciations, in their order. */
import { useQuery } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { pronunciationKeys } from './pronunciation-keys.ts';

export function usePronunciations() {
  const email = useSessionUser()?.email ?? null;
  return useQuery({ queryKey: pronunciationKeys.list(email), queryFn: ({ signal }) => pagecast.pronunciations.list({ signal }) });
}
