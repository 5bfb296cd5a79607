/**
 * A parser for the text/event-stream format (the WHATWG HTML "server-sent events" rules), fed text
 * as it arrives. The web app and the extension read the progress stream with fetch: the extension's
 * service worker has no EventSource, and fetch lets both send their session headers.
 */
export interface SseMessage {
  event: string;
  data: string;
  id: string | null;
}

export function createSseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\u0000')) id = value;
  }

  return (chunk: string) => {
    buffer += chunk;
    // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
    const pattern = /\r\n|\r(?!$)|\n/g;
    let start = 0;
    for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
      line(buffer.slice(start, match.index));
      start = match.index + match[0].length;
    }
    buffer = buffer.slice(start);
  };
}
