import { startGrpcServer } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { OutboxRelay, connectEventBus, ensureEventStream } from '@vrp/outbox';
import type { MandateConfig } from './config.js';
import { createPrismaClient } from './db/client.js';
import { ActivationSweeper } from './sandbox/activation-sweeper.js';
import { MANDATE_SERVICE_NAME, routes } from './server.js';
import type { MandateDeps } from './usecases/deps.js';

/** A running mandate service. */
export interface MandateService {
  /** The port the gRPC server listens on (the real one when configured with 0). */
  readonly port: number;
  /** Shuts everything down in order; resolves when it is all closed. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the mandate service: database client, event bus and stream, outbox relay, gRPC server
 * (MandateService + health) and, in sandbox only, the activation sweeper. Used by main.ts and
 * by every test that needs the service running for real. If a step fails, whatever was
 * already started is closed again before the error is rethrown.
 */
export async function startMandateService(config: MandateConfig, options: { logger?: Logger } = {}): Promise<MandateService> {
  const logger = options.logger ?? createLogger('mandate', { level: config.logLevel });
  // Run in reverse on stop (or on a failed start): last started, first stopped.
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close();
  };
  try {
    const bus = await connectEventBus(config.natsUrl, 'mandate-service');
    closers.push(() => bus.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix);
    const db = createPrismaClient(config.databaseUrl);
    closers.push(() => db.$disconnect());

    const relay = new OutboxRelay({ databaseUrl: config.databaseUrl, schema: 'mandate', js: bus.js, logger: logger.child({ component: 'relay' }) });
    relay.start();
    // Stopping the relay publishes every committed row first: it runs after the server and
    // the sweeper, which are the only writers, have stopped.
    closers.push(() => relay.stop());

    const deps: MandateDeps = { db, eventSubjectPrefix: config.eventSubjectPrefix, afterCommit: () => relay.nudge() };
    if (config.env === 'sandbox') {
      const sweeper = new ActivationSweeper(deps, config.sandboxActivationDelayMs, logger.child({ component: 'sandbox-activation' }));
      sweeper.start();
      closers.push(() => sweeper.stop());
    }

    const server = await startGrpcServer({ routes: routes(deps), serviceNames: [MANDATE_SERVICE_NAME], port: config.grpcPort, host: config.grpcHost, logger });
    // Closing the server first stops taking requests and lets in-flight ones commit.
    closers.push(() => server.close());

    let stopping: Promise<void> | undefined;
    return {
      port: server.port,
      stop() {
        stopping ??= closeAll().then(() => logger.info('mandate service stopped'));
        return stopping;
      },
    };
  } catch (err) {
    await closeAll().catch((closeErr) => logger.warn('cleanup after failed start failed', { err: closeErr }));
    throw err;
  }
}
