/**
 * Requests a process holds open while they wait (a playlist asked for before its first part): capped
 * per client and per podcast, like the event streams, so a flood of them holds neither file
 * descriptors nor memory without bound. Past a cap the request is not held: it is answered at once.
 */
export interface HeldRequests {
  /** A hold for this client on this podcast, or null past either cap; release it when the wait ends. */
  hold(client: string, podcastId: string): (() => void) | null;
  /** Holds open now (for tests and the bench). */
  readonly size: number;
}

export function createHeldRequests(limits: { perClient: number; perPodcast: number }): HeldRequests {
  const byClient = new Map<string, number>();
  const byPodcast = new Map<string, number>();
  let size = 0;
  const add = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    hold(client, podcastId) {
      if ((byClient.get(client) ?? 0) >= limits.perClient || (byPodcast.get(podcastId) ?? 0) >= limits.perPodcast) return null;
      add(byClient, client, 1);
      add(byPodcast, podcastId, 1);
      size++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        add(byClient, client, -1);
        add(byPodcast, podcastId, -1);
        size--;
      };
    },
    get size() {
      return size;
    },
  };
}
