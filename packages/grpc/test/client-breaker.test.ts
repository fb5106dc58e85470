import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../src/index.js';

// A peer that accepts every call and never answers: the failure a breaker exists for (a
// refused connection fails fast anyway).
let server: http2.Http2Server;
let received = 0;
beforeAll(async () => {
  server = http2.createServer();
  server.on('stream', (stream) => {
    received++; // never respond; the client cancels at its deadline
    stream.on('error', () => undefined);
  });
  server.on('session', (session) => session.on('error', () => undefined));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('createServiceClient against a peer that hangs', () => {
  it('turns deadlines into service_unavailable, then opens the circuit and stops calling the peer', async () => {
    const client = createServiceClient(mandate.MandateService, {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      timeoutMs: 100,
      volumeThreshold: 3,
      resetTimeoutMs: 60_000,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const err = await client.getMandate({ merchantId: 'MR1', id: 'MD1' }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).code).toBe('service_unavailable');
      }
      expect(client.breaker.opened).toBe(true);
      const reachedPeer = received;
      const err = await client.getMandate({ merchantId: 'MR1', id: 'MD1' }).catch((e: unknown) => e);
      expect((err as ApiError).code).toBe('service_unavailable');
      expect(received).toBe(reachedPeer); // failed fast: the open circuit never sent it
    } finally {
      client.close();
    }
  });
});
