import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressVerifier, signatureHeader, type WebhookEvent, type WebhookRequest } from '@vrp/webhook-verify';
import { createReceiverApp } from '../examples/express-receiver.js';

const NEW = 'whsec_integration_new';
const OLD = 'whsec_integration_old';

function event(id: string): string {
  return JSON.stringify({ event_id: id, event_type: 'payment.settled', created_at: new Date().toISOString(), data: {} });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
}

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  const text = await res.text();
  return { status: res.status, body: text };
}

const sign = (body: string, secrets = [NEW], timestamp = Math.floor(Date.now() / 1000)) => ({
  'x-svc-signature': signatureHeader({ secrets, timestamp, body }),
});

describe('the Express receiver example on a real HTTP server', () => {
  const handled: WebhookEvent[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = createReceiverApp({ secrets: () => [OLD], onEvent: (e) => void handled.push(e) });
    server = createServer(app);
    url = `${await listen(server)}/webhooks/vrp`;
  });
  afterAll(() => close(server));

  it('answers 200 to a signed delivery and hands the event over once', async () => {
    const body = event('EV_signed');
    expect(await post(url, body, sign(body, [OLD]))).toEqual({ status: 200, body: 'OK' });
    await new Promise((r) => setImmediate(r));
    expect(handled.map((e) => e.event_id)).toEqual(['EV_signed']);
  });

  it('acknowledges a redelivery of the same event_id without handling it again', async () => {
    const body = event('EV_signed');
    expect((await post(url, body, sign(body, [OLD]))).status).toBe(200);
    await new Promise((r) => setImmediate(r));
    expect(handled.map((e) => e.event_id)).toEqual(['EV_signed']);
  });

  it('accepts a rotation-overlap header carrying the new and the old signature', async () => {
    const body = event('EV_rotation');
    expect((await post(url, body, sign(body, [NEW, OLD]))).status).toBe(200);
  });

  it('answers 400 missing_header to an unsigned body', async () => {
    expect(await post(url, event('EV_unsigned'))).toEqual({ status: 400, body: '{"error":"missing_header"}' });
  });

  it('answers 400 signature_mismatch to a body signed with another secret or tampered with', async () => {
    const body = event('EV_forged');
    expect(await post(url, body, sign(body, [NEW]))).toEqual({ status: 400, body: '{"error":"signature_mismatch"}' });
    expect((await post(url, body.replace('settled', 'failed'), sign(body, [OLD]))).status).toBe(400);
  });

  it('answers 400 timestamp_too_old to a replayed delivery', async () => {
    const body = event('EV_replay');
    const stale = sign(body, [OLD], Math.floor(Date.now() / 1000) - 301);
    expect(await post(url, body, stale)).toEqual({ status: 400, body: '{"error":"timestamp_too_old"}' });
  });
});

describe('expressVerifier behind a bare node:http adapter (no Express)', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const verify = expressVerifier({ secrets: NEW });
    server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const wreq: WebhookRequest = { headers: req.headers, body: Buffer.concat(chunks) };
      const send = (code: number, payload: unknown) =>
        res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      verify(wreq, { status: (code) => ({ json: (payload) => send(code, payload) }) }, (err) =>
        err ? send(500, { error: 'internal_error' }) : send(200, { received: wreq.webhookEvent?.event_id }),
      );
    });
    url = await listen(server);
  });
  afterAll(() => close(server));

  it('answers 200 to a signed body and 400 to an unsigned one', async () => {
    const body = event('EV_plain');
    expect(await post(url, body, sign(body))).toEqual({ status: 200, body: '{"received":"EV_plain"}' });
    expect(await post(url, body)).toEqual({ status: 400, body: '{"error":"missing_header"}' });
    expect(await post(url, body, { 'x-svc-signature': 't=1,v1=zz' })).toEqual({
      status: 400,
      body: '{"error":"malformed_header"}',
    });
  });
});
