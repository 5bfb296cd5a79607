import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse.ts';

function parse(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const push = createSseParser((m) => messages.push(m));
  for (const chunk of chunks) push(chunk);
  return messages;
}

describe('createSseParser', () => {
  it('reads a named event with JSON data', () => {
    expect(parse(['event: podcast\ndata: {"progress":40}\n\n'])).toEqual([
      { event: 'podcast', data: '{"progress":40}', id: null },
    ]);
  });

  it('joins an event split across chunks, even inside a line ending', () => {
    expect(parse(['event: pod', 'cast\r', '\ndata: {"a"', ':1}\r\n\r\n'])).toEqual([
      { event: 'podcast', data: '{"a":1}', id: null },
    ]);
  });

  it('names unnamed events "message", joins multi-line data and keeps the last id', () => {
    expect(parse(['id: 7\ndata: one\ndata: two\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo', id: '7' }]);
  });

  it('ignores comments and dispatches nothing for an event without data', () => {
    expect(parse([': keep-alive\n\nevent: podcast\n\ndata:x\n\n'])).toEqual([{ event: 'message', data: 'x', id: null }]);
  });

  it('waits for the blank line before dispatching', () => {
    expect(parse(['event: podcast\ndata: {}\n'])).toEqual([]);
  });

  it('reads several events from one chunk', () => {
    const messages = parse(['event: podcast\ndata: 1\n\nevent: podcast\ndata: 2\n\n']);
    expect(messages.map((m) => m.data)).toEqual(['1', '2']);
  });
});
