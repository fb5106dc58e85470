import { startGrpcServer } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { connectEventBus, ensureEventStream } from '@vrp/outbox';
import type { WebhookConfig } from './config.js';
import { createDb } from './db/client.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import type { Deps } from './deps.js';
import { EventConsumer } from './events/event-consumer.js';
import { SERVICE_NAMES, routes } from './server.js';

/** Things a test (or an embedding process) may supply instead of the defaults. */
export interface WebhookServiceOptions {
  logger?: Logger;
  /** The service's clock (default: the system clock). */
  clock?: () => Date;
  /** Jitter source for retries, [0,1). */
  random?: () => number;
  /** An extra trusted CA (PEM) for receivers; production relies on NODE_EXTRA_CA_CERTS. */
  extraCa?: string;
}

export interface WebhookService {
  port: number;
  /** Sends due deliveries now (tests); the worker also does this on its own. */
  worker: DeliveryWorker;
  stop(): Promise<void>;
}

/**
 * Starts the webhook service: Prisma, the event-stream consumer, the delivery worker and the
 * gRPC server. `stop()` is the SIGTERM path: stop accepting calls, stop consuming, let
 * in-flight deliveries finish, then close the database and NATS.
 */
export async function startWebhookService(config: WebhookConfig, options: WebhookServiceOptions = {}): Promise<WebhookService> {
  const logger = options.logger ?? createLogger('webhook', { level: config.logLevel });
  if (config.usingDevSecretKey && config.env !== 'sandbox') {
    logger.warn('WEBHOOK_SECRET_KEY is not set: signing secrets are encrypted with the development key; set it in production');
  }
  const db = createDb(config.databaseUrl);
  await db.$connect();
  const bus = await connectEventBus(config.natsUrl, `webhook-${config.env}`);
  await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix);

  const clock = options.clock ?? (() => new Date());
  const wake = { nudge: () => {} };
  const deps: Deps = { db, config, logger, clock, nudge: () => wake.nudge() };
  const worker = new DeliveryWorker(deps, { extraCa: options.extraCa, random: options.random });
  wake.nudge = () => worker.nudge();
  const consumer = new EventConsumer(deps, {
    bus,
    stream: config.eventStream,
    subjectPrefix: config.eventSubjectPrefix,
    durableName: config.consumerName,
  });
  await consumer.start();
  worker.start();
  const server = await startGrpcServer({ routes: routes(deps), serviceNames: SERVICE_NAMES, port: config.grpcPort, host: config.grpcHost, logger });

  let stopping: Promise<void> | undefined;
  return {
    port: server.port,
    worker,
    stop() {
      stopping ??= (async () => {
        await server.close();
        await consumer.stop();
        await worker.stop();
        await db.$disconnect();
        await bus.close();
        logger.info('webhook service stopped');
      })();
      return stopping;
    },
  };
}
