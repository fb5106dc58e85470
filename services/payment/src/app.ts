import { bank, mandate } from '@vrp/contracts';
import { createServiceClient, startGrpcServer } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { connectEventBus, ensureEventStream, OutboxRelay } from '@vrp/outbox';
import { BankSubmitter } from './clients/bank-submitter.js';
import { ResubmissionSweeper } from './clients/resubmission-sweeper.js';
import type { PaymentConfig } from './config.js';
import { createDb, SCHEMA } from './db/client.js';
import { systemClock, type Clock } from './domain/clock.js';
import { routes, SERVICE_NAMES } from './server.js';

/** A running payment service. */
export interface PaymentService {
  readonly port: number;
  /** Runs one resubmission round now (tests; the sweeper also runs on its own). */
  sweepOnce(): Promise<number>;
  /** Graceful shutdown; see startPaymentService. */
  stop(): Promise<void>;
}

/**
 * Wires the payment service: Prisma, the event bus and outbox relay, the mandate and bank
 * clients (each behind a breaker), the resubmission sweeper and the gRPC server. `stop()` stops
 * accepting and waits for in-flight calls, stops the sweeper and pending bank submissions,
 * flushes the relay one last time, then closes clients, Prisma and NATS.
 */
export async function startPaymentService(config: PaymentConfig, options: { clock?: Clock; logger?: Logger } = {}): Promise<PaymentService> {
  const logger = options.logger ?? createLogger('payment', { level: config.logLevel });
  const clock = options.clock ?? systemClock;
  const db = createDb(config.databaseUrl);
  const bus = await connectEventBus(config.natsUrl, 'payment');
  await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix);
  const relay = new OutboxRelay({ databaseUrl: config.databaseUrl, schema: SCHEMA, js: bus.js, logger });
  relay.start();
  const breakerLog = (peer: string) => (state: string) => logger.warn('circuit breaker state changed', { peer, state });
  const clientOptions = { timeoutMs: config.callTimeoutMs };
  const mandates = createServiceClient(mandate.MandateService, {
    ...clientOptions,
    baseUrl: config.mandateServiceUrl,
    onBreakerStateChange: breakerLog('mandate'),
  });
  const bankClient = createServiceClient(bank.BankService, { ...clientOptions, baseUrl: config.bankServiceUrl, onBreakerStateChange: breakerLog('bank') });
  const submitter = new BankSubmitter(db, bankClient, clock, logger);
  const sweeper = new ResubmissionSweeper(db, submitter, clock, logger, {
    resubmitAfterMs: config.resubmitAfterMs,
    decisionTimeoutMs: config.bankDecisionTimeoutMs,
    intervalMs: config.resubmitSweepIntervalMs,
  });
  const ctx = { db, clock, subjectPrefix: config.eventSubjectPrefix, mandates, submitter, eventsWritten: () => relay.nudge() };
  const server = await startGrpcServer({ routes: routes(ctx), serviceNames: SERVICE_NAMES, port: config.grpcPort, host: config.grpcHost, logger });
  sweeper.start();

  let stopping: Promise<void> | undefined;
  return {
    port: server.port,
    sweepOnce: () => sweeper.sweepOnce(),
    stop() {
      stopping ??= (async () => {
        await server.close();
        await sweeper.stop();
        await submitter.drain();
        await relay.stop();
        mandates.close();
        bankClient.close();
        await db.$disconnect();
        await bus.close();
        logger.info('payment service stopped');
      })();
      return stopping;
    },
  };
}
