import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../src/index.js';

/**
 * A callee that goes away in the middle of a call (killed, its connection cut) never answered:
 * the caller learns nothing about the request's fate, so it is 503 service_unavailable (retry,
 * with the same idempotency key), never 500 internal_error, whatever HTTP/2 error the loss shows as.
 */
const servers: http2.Http2Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function peer(onStream: (stream: http2.ServerHttp2Stream, session: http2.Http2Session) => void): Promise<string> {
  const server = http2.createServer();
  server.on('stream', (stream) => {
    // The peer's own side of the loss is expected: keep it from surfacing as an unhandled error.
    stream.on('error', () => undefined);
    stream.session!.on('error', () => undefined);
    onStream(stream, stream.session!);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const losses: [string, (stream: http2.ServerHttp2Stream, session: http2.Http2Session) => void][] = [
  ['the stream is reset with INTERNAL_ERROR', (stream) => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR)],
  ['the stream is reset with CANCEL', (stream) => stream.close(http2.constants.NGHTTP2_CANCEL)],
  ['the session is destroyed', (_stream, session) => session.destroy()],
  ['the socket is cut', (_stream, session) => session.socket.destroy()],
  ['the session goes away with an error', (_stream, session) => session.goaway(http2.constants.NGHTTP2_INTERNAL_ERROR)],
  [
    'headers come without a grpc-status, then the connection drops',
    (stream, session) => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
      setTimeout(() => session.socket.destroy(), 10);
    },
  ],
];

describe('a callee lost mid-call', () => {
  it.each(losses)('is service_unavailable when %s', async (_name, lose) => {
    const url = await peer((stream, session) => stream.once('data', () => lose(stream, session)));
    const client = createServiceClient(mandate.MandateService, { baseUrl: url, timeoutMs: 2000 });
    try {
      const err = await client.getMandate({ merchantId: 'MR1', id: 'MD1' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code, String((err as ApiError).cause)).toBe('service_unavailable');
    } finally {
      client.close();
    }
  });
});
