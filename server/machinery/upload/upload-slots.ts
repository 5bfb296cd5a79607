/**
 * Uploads a process receives at once: capped in all and per client, so a flood of files holds
 * neither memory nor the event loop without bound. Past a cap the upload is refused before it is read.
 */
export interface UploadSlots {
  /** A slot for one upload from this client (release it once the request is answered), or which cap is full. */
  take(client: string): { release: () => void } | { full: 'process' | 'client' };
  /** Uploads under way now (for tests and the bench). */
  readonly size: number;
}

export function createUploadSlots(limits: { atOnce: number; perClient: number }): UploadSlots {
  const byClient = new Map<string, number>();
  let size = 0;
  return {
    take(client) {
      const mine = byClient.get(client) ?? 0;
      // The client's own cap first: it is the one that client can do something about.
      if (mine >= limits.perClient) return { full: 'client' };
      if (size >= limits.atOnce) return { full: 'process' };
      byClient.set(client, mine + 1);
      size++;
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          const left = (byClient.get(client) ?? 1) - 1;
          if (left > 0) byClient.set(client, left);
          else byClient.delete(client);
          size--;
        },
      };
    },
    get size() {
      return size;
    },
  };
}
