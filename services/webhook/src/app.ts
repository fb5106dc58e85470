import { startGrpcServer } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { connectEventBus, ensureEventStream } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { createPool } from '@vrp/sql';
import type { WebhookConfig } from './config.js';
import { createDb } from './db/client.js';
import type { Deps } from './deps.js';
import { DeliveryWorker } from './jobs/delivery-worker.js';
import { EventConsumer } from './jobs/event-consumer.js';
import { SERVICE_NAMES, routes } from './server.js';

/** Things a test (or an embedding process) may supply instead of the defaults. */
export interface WebhookServiceOptions {
  logger?: Logger;
  /** The service's clock (default: the system clock). */
  clock?: () => Date;
  /** Jitter source for retries, [0,1). */
  random?: () => number;
  /** An extra trusted CA (PEM) for receivers; production relies on NODE_EXTRA_CA_CERTS. */
  extraCa?: string | undefined;
}

/** A running webhook service. */
export type WebhookService = Started<{
  readonly port: number;
  /** Sends due deliveries now (tests); the worker also does this on its own. */
  worker: DeliveryWorker;
}>;

/**
 * Starts the webhook service: Prisma, NATS and the event stream, the delivery worker, the
 * stream consumer and the gRPC server. stop() is the SIGTERM path, the reverse: stop accepting
 * calls, stop consuming, let in-flight deliveries finish, then close NATS and the database. A
 * failed start closes whatever it had started.
 */
export function startWebhookService(config: WebhookConfig, options: WebhookServiceOptions = {}): Promise<WebhookService> {
  const logger = options.logger ?? createLogger('webhook', { level: config.logLevel });
  if (config.usingDevSecretKey && config.env !== 'sandbox') {
    logger.warn('WEBHOOK_SECRET_KEY is not set: signing secrets are encrypted with the development key; set it in production');
  }
  return startUp('webhook service', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const db = resources.add('database', createDb(pool), (d) => d.$disconnect());
    await db.$connect();
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, `webhook-${config.env}`), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix);

    const clock = options.clock ?? (() => new Date());
    const wake = { worker: undefined as DeliveryWorker | undefined };
    const deps: Deps = { db, sql: pool, clock, logger, afterCommit: () => wake.worker?.nudge(), config };
    const worker = resources.add('delivery worker', new DeliveryWorker(deps, { extraCa: options.extraCa, random: options.random }), (w) =>
      w.stop(),
    );
    wake.worker = worker;
    worker.start();
    const consumer = new EventConsumer(deps, {
      bus,
      stream: config.eventStream,
      subjectPrefix: config.eventSubjectPrefix,
      durableName: config.consumerName,
      ackWaitMs: config.ackWaitMs,
    });
    resources.add('event consumer', consumer, (c) => c.stop());
    await consumer.start();
    const server = await startGrpcServer({
      routes: routes(deps),
      serviceNames: SERVICE_NAMES,
      port: config.grpcPort,
      host: config.grpcHost,
      logger,
      // Ready only while its own database and event bus answer.
      dependencies: { postgres: () => pool.query('SELECT 1'), nats: () => bus.nc.rtt() },
    });
    resources.add('gRPC server', server, (s) => s.close());
    return { port: server.port, worker };
  });
}
