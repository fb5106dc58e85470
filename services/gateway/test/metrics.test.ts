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
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
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
    expect(sample(gateway, 'vrp_http_requests_total', { method: 'POST', route: '/v1/payments', status: '201' })).toBe(1);
    expect(sample(gateway, 'vrp_http_requests_total', { method: 'GET', route: '/v1/payments/:id', status: '200' })).toBe(1);
    expect(sample(gateway, 'vrp_http_requests_total', { method: 'GET', route: '/v1/payments/:id', status: '404' })).toBe(1);
    expect(gateway).toContain('vrp_http_request_duration_seconds_bucket{');
    expect(gateway).not.toContain(payment.body.id as string); // ids never become labels
    expect(gateway).toMatch(/^process_cpu_user_seconds_total\{service="gateway"\} /m);
    // The event-loop lag histogram samples every 50 ms (packages/metrics), not prom-client's 10 ms, and is still served.
    expect(gateway).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="gateway"\} /m);

    const services = platform.services;
    const paymentText = await scrape(services.payment!.metricsPort);
    expect(sample(paymentText, 'vrp_rpc_requests_total', { method: 'vrp.payment.v1.PaymentService/CreatePayment', code: 'OK' })).toBe(1);
    expect(sample(paymentText, 'vrp_payments', { status: 'submitted' }) ?? sample(paymentText, 'vrp_payments', { status: 'settled' })).toBe(
      1,
    );
    expect(sample(paymentText, 'vrp_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    await waitFor(async () => sample(await scrape(services.payment!.metricsPort), 'vrp_outbox_lag_seconds') === 0, {
      what: 'the payment outbox to drain',
    });
    const mandateText = await scrape(services.mandate!.metricsPort);
    expect(sample(mandateText, 'vrp_rpc_requests_total', { method: 'vrp.mandate.v1.MandateService/CreateMandate', code: 'OK' })).toBe(1);
    expect(sample(mandateText, 'vrp_outbox_lag_seconds')).toBeDefined();
    const refundText = await scrape(services.refund!.metricsPort);
    expect(refundText).toContain('vrp_outbox_lag_seconds{service="refund"}');
    // The connector counts its calls to the bank: the payment's domestic VRP among them, once it is handed over.
    await waitFor(
      async () =>
        sample(await scrape(services.connector!.metricsPort), 'vrp_bank_calls_total', {
          endpoint: 'POST /domestic-vrps',
          status: '201',
        }) === 1,
      { what: 'the connector to count the payment POSTed to the bank' },
    );

    const webhookText = await scrape(services.webhook!.metricsPort);
    expect(sample(webhookText, 'vrp_jetstream_consumer_pending', { kind: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(webhookText).toContain('vrp_webhook_open_circuits{service="webhook"} 0');
    expect((await fetch(`http://127.0.0.1:${platform.gateway.metricsPort}/other`)).status).toBe(404);
  });

  it('show an open circuit breaker of a peer that is down', async () => {
    const gateway = await platform.startGateway({ PAYMENT_SERVICE_URL: 'http://127.0.0.1:9' });
    const token = (await platform.createMerchant()).token;
    for (let i = 0; i < 12; i++) await fetch(`${gateway.url}/v1/payments`, { headers: { authorization: `Bearer ${token}` } });
    const text = await scrape(gateway.metricsPort);
    expect(sample(text, 'vrp_circuit_breaker_state', { peer: 'payment' })).toBe(2);
    expect(sample(text, 'vrp_http_requests_total', { method: 'GET', route: '/v1/payments', status: '503' })).toBeGreaterThan(0);
  });
});
