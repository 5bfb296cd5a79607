/**
 * Server-sent events from a fetch body: a service worker has no EventSource. The parsing is the
 * shared one (shared/sse.ts); this turns a byte stream into the events it carries.
 */
import { createSseParser, type SseMessage } from '../shared/sse.ts';

export interface ServerSentEvent {
  /** The event's name; 'message' when the server gave none. */
  event: string;
  data: string;
}

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
    // Stops the download when the reader stops early (the podcast finished, or the caller gave up).
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
