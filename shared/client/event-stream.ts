/**
 * Server-sent events read from a fetch body, as an async iterator. Fetch rather than EventSource:
 * an extension's service worker has none, and fetch sends the caller's session headers.
 */
import { createSseParser, type SseMessage } from '../sse.ts';

export interface ServerSentEvent {
  /** The event's name; 'message' when the server gave none. */
  event: string;
  data: string;
}

/**
 * Yields each complete event of `body` as it arrives. Stopping early (a `break`, an error) cancels
 * the body, so the download stops with the reader.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const pending: SseMessage[] = [];
  const feed = createSseParser((message) => pending.push(message));
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      feed(decoder.decode(value, { stream: true }));
      for (let message = pending.shift(); message; message = pending.shift()) {
        yield { event: message.event, data: message.data };
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
