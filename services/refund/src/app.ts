import { bank, payment } from '@vrp/contracts';
import { createServiceClient, startGrpcServer, startWorkLoop } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { OutboxRelay, connectEventBus, ensureEventStream } from '@vrp/outbox';
import type { RefundConfig } from './config.js';
import { createRefundDb } from './db/client.js';
import { SERVICE_NAMES, routes } from './server.js';
import type { RefundDeps } from './usecases/deps.js';
import { sweepRefunds } from './usecases/sweep-refunds.js';

/** A running refund service. */
export interface RefundService {
  /** The bound gRPC port (useful with GRPC_PORT=0). */
  port: number;
  /** Graceful shutdown; see startRefundService. */
  stop(): Promise<void>;
}

/**
 * Starts the refund service: database, event bus and outbox relay, clients of the payment
 * service and the bank, the gRPC server and the sweepers. stop() stops accepting calls and
 * the sweepers, lets in-flight calls and bank hand-overs finish, flushes the outbox one last
 * time, then closes clients, Prisma and NATS, in that order.
 */
export async function startRefundService(config: RefundConfig, options: { logger?: Logger } = {}): Promise<RefundService> {
  const logger = options.logger ?? createLogger('refund', { level: config.logLevel });
  const db = createRefundDb(config.databaseUrl);
  const bus = await connectEventBus(config.natsUrl, 'refund');
  await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix);
  const relay = new OutboxRelay({ databaseUrl: config.databaseUrl, schema: 'refund', js: bus.js, logger: logger.child({ component: 'outbox' }) });
  relay.start();
  const breakerLog = (peer: string) => (state: string) => logger.warn('circuit breaker state changed', { peer, state });
  const payments = createServiceClient(payment.PaymentService, {
    baseUrl: config.paymentServiceUrl,
    timeoutMs: config.callTimeoutMs,
    onBreakerStateChange: breakerLog('payment'),
  });
  const bankClient = createServiceClient(bank.BankService, {
    baseUrl: config.bankServiceUrl,
    timeoutMs: config.callTimeoutMs,
    onBreakerStateChange: breakerLog('bank'),
  });

  const deps: RefundDeps = {
    db,
    payments,
    bank: bankClient,
    logger,
    subjectPrefix: config.eventSubjectPrefix,
    settlementBusinessDays: config.settlementBusinessDays,
    onEventWritten: () => relay.nudge(),
    bankSubmissions: new Set(),
  };
  const server = await startGrpcServer({ routes: routes(deps), serviceNames: SERVICE_NAMES, port: config.grpcPort, host: config.grpcHost, logger });
  const sweeper = startWorkLoop({
    name: 'refund sweep',
    // The work done: a busy pass is followed at once by the next, so a backlog drains.
    pass: async () => {
      const r = await sweepRefunds(deps, {
        bankResubmitAfterMs: config.bankResubmitAfterMs,
        bankDecisionTimeoutMs: config.bankDecisionTimeoutMs,
        requestStaleAfterMs: config.requestStaleAfterMs,
      });
      return r.confirmed + r.resubmitted + r.requestsReleased + r.failedReleased;
    },
    intervalMs: config.sweepIntervalMs,
    logger,
  });

  let stopping: Promise<void> | undefined;
  return {
    port: server.port,
    stop() {
      stopping ??= (async () => {
        const closing = server.close();
        await sweeper.stop();
        await closing;
        // Bank hand-overs started by calls that already answered.
        await Promise.allSettled([...deps.bankSubmissions]);
        // After the last handler returned, so every committed outbox row gets published.
        await relay.stop();
        payments.close();
        bankClient.close();
        await db.$disconnect();
        await bus.close();
      })();
      return stopping;
    },
  };
}
