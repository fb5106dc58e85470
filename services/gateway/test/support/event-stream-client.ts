import { readSse, type SseItem } from '../../src/cli/sse.js';

/** An open GET /v1/webhook-events/stream as a test sees it: everything received, and whether it ended. */
export interface OpenStream {
  status: number;
  headers: Headers;
  items: SseItem[];
  /** The events (not comments) received so far. */
  events(): Extract<SseItem, { kind: 'event' }>[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream with `token` (and `Last-Event-ID` when given) and collects what arrives. */
export async function openStream(baseUrl: string, token: string, lastEventId?: string): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/v1/webhook-events/stream`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const items: SseItem[] = [];
  const ended = (async () => {
    if (!res.body) return;
    try {
      for await (const item of readSse(res.body)) items.push(item);
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    items,
    events: () => items.filter((i): i is Extract<SseItem, { kind: 'event' }> => i.kind === 'event'),
    ended,
    close: () => abort.abort(),
  };
}
