import http2 from 'node:http2';
import { loadMandateConfig, startMandateService } from '@vrp/mandate-service';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { sharedEnv } from './support/services.js';

/** An active ad hoc mandate made through the API. */
async function activeMandate(api: Api): Promise<string> {
  const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
  await api.post(`/v1/sandbox/mandates/${mandate.body.id as string}/activate`);
  return mandate.body.id as string;
}

/** A peer on `port` that accepts every gRPC call and never answers: the failure a breaker exists for. */
async function hangingPeer(port: number) {
  const server = http2.createServer();
  const sessions = new Set<http2.ServerHttp2Session>();
  const peer = {
    calls: 0,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        // Closing the server must not wait for the callers' sessions.
        for (const session of sessions) session.destroy();
      }),
  };
  server.on('stream', (stream) => {
    peer.calls++;
    stream.on('error', () => undefined);
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('error', () => undefined);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return peer;
}

// Without the replica of active terms at the payment service, every create asks the mandate service.
describe('payments when the mandate service is down', () => {
  let platform: Platform;
  let api: Api;
  beforeAll(async () => {
    platform = await startPlatform({ withoutReplica: true });
    api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
  });
  afterAll(async () => platform?.stop());

  it('answers 503 service_unavailable, never 500', async () => {
    const mandateId = await activeMandate(api);
    await platform.services.mandate!.stop();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => api.post('/v1/payments', { mandate_id: mandateId, amount: '1.00', currency: 'GBP' })),
    );
    for (const res of responses) expect(errorOf(res)).toEqual({ status: 503, code: 'service_unavailable' });
  });
});

describe('payments when the mandate service hangs', () => {
  let platform: Platform;
  let api: Api;
  beforeAll(async () => {
    // Each call from the payment service to the mandate service gives up after 300 ms.
    platform = await startPlatform({ withoutReplica: true, overrides: { PAYMENT_CALL_TIMEOUT: '300ms' } });
    api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
  });
  afterAll(async () => platform?.stop());

  it("opens the payment service's circuit: creates fail fast without reaching the mandate service, reads go on, and it recovers", async () => {
    const mandateId = await activeMandate(api);
    const paid = await api.post('/v1/payments', { mandate_id: mandateId, amount: '1.00', currency: 'GBP' });
    expect(paid.status).toBe(201);
    const other = await activeMandate(api);
    const create = () => api.post('/v1/payments', { mandate_id: other, amount: '2.00', currency: 'GBP' });

    const port = Number(new URL(platform.services.mandate!.gatewayEnv.MANDATE_SERVICE_URL!).port);
    await platform.services.mandate!.stop();
    const peer = await hangingPeer(port);
    let peerClosed = false;
    onTestFinished(async () => {
      if (!peerClosed) await peer.close();
    });

    // Ten failed calls, the breaker's volume threshold: they reach the hanging peer and hit the
    // deadline (the first may instead meet the connection the stopped service left behind).
    for (let i = 0; i < 10; i++) expect(errorOf(await create())).toEqual({ status: 503, code: 'service_unavailable' });
    const reached = peer.calls;
    expect(reached).toBeGreaterThanOrEqual(9);

    // Open: answered at once, and the hanging peer never sees them.
    const fast = await Promise.all(Array.from({ length: 10 }, create));
    for (const res of fast) expect(errorOf(res)).toEqual({ status: 503, code: 'service_unavailable' });
    expect(peer.calls).toBe(reached);

    // The payment service is up and says so: its reads are unaffected, and the gateway's own
    // circuit to it (which would fail these reads fast) has not opened.
    for (let i = 0; i < 15; i++) expect((await api.get(`/v1/payments/${paid.body.id as string}`)).status).toBe(200);

    // The mandate service comes back on the same address; after the reset the trial call succeeds.
    await peer.close();
    peerClosed = true;
    const mandates = await startMandateService(
      loadMandateConfig({ ...sharedEnv({ db: platform.db, stream: platform.stream, vrpEnv: 'sandbox' }), GRPC_PORT: String(port) }),
    );
    onTestFinished(() => mandates.stop());
    const created = await waitFor(
      async () => {
        const res = await create();
        return res.status === 201 ? res : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 500, what: 'the circuit to close again' },
    );
    expect(created.body).toMatchObject({ mandate_id: other, status: 'submitted' });
  });
});
