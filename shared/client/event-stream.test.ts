import { describe, expect, it } from 'vitest';
import { readEventStream, type ServerSentEvent } from './event-stream.ts';

/** A body that arrives in the given chunks, as a slow network delivers it. */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readEventStream(body(chunks))) events.push(event);
  return events;
}

describe('readEventStream', () => {
  it.each([
    ['one named event', ['event: podcast\ndata: {"a":1}\n\n'], [{ event: 'podcast', data: '{"a":1}' }]],
    ['an unnamed event is a message', ['data: hi\n\n'], [{ event: 'message', data: 'hi' }]],
    ['split anywhere', ['eve', 'nt: podcast\nda', 'ta: {"a"', ':1}\n', '\n'], [{ event: 'podcast', data: '{"a":1}' }]],
    ['CRLF line ends, split between \\r and \\n', ['data: x\r', '\n\r\n'], [{ event: 'message', data: 'x' }]],
    ['comments and ids ignored', [': keep-alive\nid: 7\ndata: y\n\n'], [{ event: 'message', data: 'y' }]],
    ['data lines join with newlines', ['data: a\ndata: b\n\n'], [{ event: 'message', data: 'a\nb' }]],
    ['no space after the colon', ['data:z\n\n'], [{ event: 'message', data: 'z' }]],
    ['an event without data is dropped', ['event: ping\n\ndata: k\n\n'], [{ event: 'message', data: 'k' }]],
    ['an unfinished event at the end is dropped', ['data: done\n\ndata: cut'], [{ event: 'message', data: 'done' }]],
  ])('%s', async (_name, chunks, events) => {
    expect(await collect(chunks)).toEqual(events);
  });

  it('decodes a character whose bytes arrive in two chunks', async () => {
    const bytes = new TextEncoder().encode('data: é\n\n');
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    for await (const event of readEventStream(split)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'é' }]);
  });

  it('cancels the download when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: 1\n\ndata: 2\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readEventStream(stream)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
