import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => platform?.stop());

/** One scrape of a process's /metrics, as Prometheus would make it. */
async function scrape(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text
    .split('\n')
    .find(
      (l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Prometheus metrics', () => {
  it('are served by every process, and count what a payment and its webhook did', async () => {
    const api = platform.api((await platform.createMerchant()).token);
    const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
    await api.post(`/v1/sandbox/mandates/${mandate.body.id as string}/activate`);
    const payment = await api.post('/v1/payments', { mandate_id: mandate.body.id, amount: '12.00', currency: 'GBP' });
    expect(payment.status).toBe(201);
    await api.get(`/v1/payments/${payment.body.id as string}`);
    await api.get('/v1/payments/PM01NOPE00000000000000000000');

    const gateway = await scrape(platform.gateway.metricsPort);
    const http = (method: string, route: string, status: string) =>
      sample(gateway, 'http_server_request_duration_seconds_count', {
        http_request_method: method,
        http_route: route,
        http_response_status_code: status,
      });
    expect(http('POST', '/v1/payments', '201')).toBe(1);
    expect(http('GET', '/v1/payments/:id', '200')).toBe(1);
    expect(http('GET', '/v1/payments/:id', '404')).toBe(1);
    expect(gateway).toContain('http_server_request_duration_seconds_bucket{');
    expect(gateway).not.toContain(payment.body.id as string); // ids never become labels
    // No service label (the scrape target says which service), and no counter repeating a histogram's _count.
    expect(gateway).not.toMatch(/service="/);
    expect(gateway).not.toMatch(/^vrp_http_requests_total/m);
    expect(gateway).toMatch(/^process_cpu_user_seconds_total /m);
    // The event-loop lag histogram samples every 50 ms (packages/metrics), not prom-client's 10 ms, and is still served.
    expect(gateway).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);

    const services = platform.services;
    const paymentText = await scrape(services.payment!.metricsPort);
    const rpcs = (text: string, method: string) =>
      sample(text, 'rpc_server_call_duration_seconds_count', {
        rpc_system_name: 'grpc',
        rpc_method: method,
        rpc_response_status_code: 'OK',
      });
    expect(rpcs(paymentText, 'vrp.payment.v1.PaymentService/CreatePayment')).toBe(1);
    expect(paymentText).not.toMatch(/service="|state="total"|^vrp_rpc_requests_total/m);
    expect(sample(paymentText, 'vrp_payments', { status: 'submitted' }) ?? sample(paymentText, 'vrp_payments', { status: 'settled' })).toBe(
      1,
    );
    const pool = (state: string) => sample(paymentText, 'db_client_connection_count', { db_client_connection_state: state }) ?? NaN;
    expect(pool('idle') + pool('used')).toBeGreaterThan(0);
    expect(sample(paymentText, 'db_client_connection_pending_requests')).toBe(0);
    await waitFor(async () => sample(await scrape(services.payment!.metricsPort), 'vrp_outbox_lag_seconds') === 0, {
      what: 'the payment outbox to drain',
    });
    const mandateText = await scrape(services.mandate!.metricsPort);
    expect(rpcs(mandateText, 'vrp.mandate.v1.MandateService/CreateMandate')).toBe(1);
    expect(sample(mandateText, 'vrp_outbox_lag_seconds')).toBeDefined();
    const refundText = await scrape(services.refund!.metricsPort);
    expect(refundText).toMatch(/^vrp_outbox_lag_seconds /m);
    // The connector measures its calls to the bank: the payment's domestic VRP among them, once it is handed over.
    await waitFor(
      async () =>
        sample(await scrape(services.connector!.metricsPort), 'http_client_request_duration_seconds_count', {
          url_template: 'POST /domestic-vrps',
          http_response_status_code: '201',
        }) === 1,
      { what: 'the connector to count the payment POSTed to the bank' },
    );

    const webhookText = await scrape(services.webhook!.metricsPort);
    expect(sample(webhookText, 'vrp_jetstream_consumer_pending', { kind: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(webhookText).toMatch(/^vrp_webhook_open_circuits 0$/m);
    expect((await fetch(`http://127.0.0.1:${platform.gateway.metricsPort}/other`)).status).toBe(404);
  });

  it('show an open circuit breaker of a peer that is down', async () => {
    const gateway = await platform.startGateway({ PAYMENT_SERVICE_URL: 'http://127.0.0.1:9' });
    const token = (await platform.createMerchant()).token;
    for (let i = 0; i < 12; i++) await fetch(`${gateway.url}/v1/payments`, { headers: { authorization: `Bearer ${token}` } });
    const text = await scrape(gateway.metricsPort);
    expect(sample(text, 'vrp_circuit_breaker_state', { peer: 'payment' })).toBe(2);
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        http_request_method: 'GET',
        http_route: '/v1/payments',
        http_response_status_code: '503',
      }),
    ).toBeGreaterThan(0);
  });
});
