/** One Server-Sent Events message, or a comment line (heartbeats). */
export type SseItem = { kind: 'event'; id?: string; event: string; data: string } | { kind: 'comment'; text: string };

/**
 * Reads a text/event-stream body into messages and comments as they arrive (the WHATWG rules this
 * API uses: `field: value` lines, messages ended by a blank line, `data` lines joined by "\n",
 * lines starting with ":" are comments; `retry` and unknown fields are ignored).
 */
export async function* readSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseItem> {
  const decoder = new TextDecoder();
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield { kind: 'event', ...(id !== undefined ? { id } : {}), event: event || 'message', data: data.join('\n') };
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) {
        yield { kind: 'comment', text: line.slice(1).trimStart() };
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  }
}
