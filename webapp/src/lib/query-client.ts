/**
 * The cache of everything the web app reads from the server. A failed request is not retried on its
 * own (the screen says what failed and offers to try again); a query that is stale is read again when
 * the window regains focus and when a screen that shows it mounts.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/** The message a person reads for a failed request. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
