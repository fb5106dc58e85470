import { health } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';
import { createTestDatabase, reservePort, startPrivateNatsServer, waitFor } from '@vrp/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startPaymentService } from '../src/app.js';
import { loadPaymentConfig } from '../src/config.js';

const SERVING = health.HealthCheckResponse_ServingStatus.SERVING;
const NOT_SERVING = health.HealthCheckResponse_ServingStatus.NOT_SERVING;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('readiness', () => {
  it('reports NOT_SERVING on grpc.health.v1 while its own NATS is down, and SERVING again once it is back', async () => {
    const db = await createTestDatabase(['payment']);
    cleanup.push(() => db.drop());
    const nats = await startPrivateNatsServer();
    cleanup.push(() => nats.dispose());
    const service = await startPaymentService(
      loadPaymentConfig({
        DATABASE_URL: db.url,
        NATS_URL: nats.url,
        EVENT_STREAM: 'VRP_HEALTH_TEST',
        EVENT_SUBJECT_PREFIX: 'vrp.healthtest.events',
        GRPC_PORT: String(await reservePort()),
        MANDATE_SERVICE_URL: 'http://127.0.0.1:9',
        CONNECTOR_SERVICE_URL: 'http://127.0.0.1:9',
      }),
      { logger: createLogger('payment', { level: 'silent' }) },
    );
    cleanup.push(() => service.stop());
    const client = createServiceClient(health.Health, { baseUrl: `http://127.0.0.1:${service.port}` });
    cleanup.push(async () => client.close());
    const status = async (name = '') => (await client.check({ service: name })).status;

    expect(await status()).toBe(SERVING);
    await nats.stop();
    await waitFor(async () => (await status()) === NOT_SERVING, { what: 'NOT_SERVING without NATS', timeoutMs: 10_000 });
    expect(await status('vrp.payment.v1.PaymentService')).toBe(NOT_SERVING);
    await nats.start();
    await waitFor(async () => (await status()) === SERVING, { what: 'SERVING with NATS back', timeoutMs: 15_000 });
  }, 40_000);
});
