import { webhook } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';
import { encodeDomainEvent, eventSubject, type DomainEvent } from '@vrp/outbox';
import { createTestDatabase, createTestStream, generateTestTls, type TestDatabase, type TestStream, type TestTls } from '@vrp/testing';
import { startWebhookService, type WebhookService, type WebhookServiceOptions } from '../../src/app.js';
import { loadWebhookConfig, type WebhookConfig } from '../../src/config.js';

/** A running webhook service with a client of its gRPC API. */
export interface Running {
  service: WebhookService;
  client: ServiceClient<typeof webhook.WebhookService>;
  config: WebhookConfig;
  stop(): Promise<void>;
}

/** Per-file test environment: its own database, stream and TLS material. */
export interface WebhookTestEnv {
  db: TestDatabase;
  stream: TestStream;
  tls: TestTls;
  /** Config for this environment, with `overrides` as extra environment variables. */
  config(overrides?: Record<string, string>): WebhookConfig;
  start(overrides?: Record<string, string>, options?: WebhookServiceOptions): Promise<Running>;
  /** Publishes a domain event the way every service's outbox relay does. */
  publish(event: DomainEvent): Promise<void>;
  cleanup(): Promise<void>;
}

/** Fast settings for tests: quick polling and a compressed retry schedule. */
export const FAST = {
  // Loopback receivers, in sandbox: production refuses the setting at boot (config() drops it there).
  WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms',
  WEBHOOK_TIMEOUT_MS: '2000',
  WEBHOOK_SECRET_KEY: '746573742d776562686f6f6b2d7365637265742d6b65792d33322d6279746573',
  LOG_LEVEL: 'error',
};

export async function createWebhookTestEnv(options: { natsUrl?: string } = {}): Promise<WebhookTestEnv> {
  const [db, stream] = await Promise.all([createTestDatabase(['webhook']), createTestStream(options)]);
  const tls = generateTestTls();
  const running: Running[] = [];
  const config = (overrides: Record<string, string> = {}) =>
    loadWebhookConfig({
      DATABASE_URL: db.url,
      NATS_URL: stream.natsUrl,
      EVENT_STREAM: stream.stream,
      EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
      GRPC_PORT: '0',
      ...FAST,
      ...(overrides.VRP_ENV === 'production' ? { WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'false' } : {}),
      ...overrides,
    });
  return {
    db,
    stream,
    tls,
    config,
    async start(overrides = {}, options = {}) {
      const cfg = config(overrides);
      const service = await startWebhookService(cfg, {
        extraCa: tls.ca,
        logger: createLogger('webhook', { level: cfg.logLevel }),
        ...options,
      });
      const client = createServiceClient(webhook.WebhookService, { baseUrl: `http://127.0.0.1:${service.port}` });
      const r: Running = {
        service,
        client,
        config: cfg,
        async stop() {
          client.close();
          await service.stop();
        },
      };
      running.push(r);
      return r;
    },
    async publish(event) {
      await stream.bus.js.publish(eventSubject(stream.subjectPrefix, event.eventType), encodeDomainEvent(event), { msgID: event.eventId });
    },
    async cleanup() {
      for (const r of running) await r.stop().catch(() => undefined);
      await stream.cleanup();
      await db.drop();
    },
  };
}
