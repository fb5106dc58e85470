import { connector, payment } from '@vrp/contracts';
import { createServiceClient, startGrpcServer, useGrpcWire } from '@vrp/grpc';
import { startMetrics } from '@vrp/metrics';
import { createLogger, type Logger } from '@vrp/logging';
import { OutboxRelay, connectEventBus, ensureEventStream } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool } from '@vrp/sql';
import type { RefundConfig } from './config.js';
import { clockStore } from './db/clock-store.js';
import { outboxLagSeconds, pingDatabase, refundsByStatus } from './db/observability.js';
import type { Deps } from './deps.js';
import { FailedCreates } from './domain/failed-creates.js';
import { startRefundSweeper } from './jobs/refund-sweeper.js';
import { SERVICE_NAMES, routes } from './server.js';

/** A running refund service. */
export type RefundService = Started<{
  /** The bound gRPC port (useful with GRPC_PORT=0). */
  readonly port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  readonly metricsPort: number;
}>;

/**
 * Starts the refund service: database, event bus and outbox relay, clients of the payment
 * service and the bank, the sweeper and the gRPC server. stop() closes it all in reverse: the
 * server stops taking calls and lets in-flight ones finish, the sweeper ends its pass, bank
 * hand-overs finish, the relay publishes every committed row, then clients, the pool and NATS
 * close. A failed start closes whatever it had started.
 */
export function startRefundService(config: RefundConfig, options: { logger?: Logger } = {}): Promise<RefundService> {
  useGrpcWire({ codec: config.grpcCodec, transport: config.grpcTransport });
  const logger = options.logger ?? createLogger('refund', { level: config.logLevel });
  return startUp('refund service', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, 'refund'), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix, config);
    const relay = new OutboxRelay({
      databaseUrl: config.databaseUrl,
      schema: 'refund',
      js: bus.js,
      logger: logger.child({ component: 'outbox' }),
    });
    resources.add('outbox relay', relay, (r) => r.stop());
    relay.start();
    const { metrics, server: metricsServer } = await startMetrics('refund', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    metrics.gaugeOnScrape('vrp_outbox_lag_seconds', 'Age of the oldest unpublished outbox row (0 when none waits).', [], async () => [
      { value: await outboxLagSeconds(pool) },
    ]);
    metrics.gaugeOnScrape('vrp_refunds', 'Refunds by status.', ['status'], async () =>
      (await refundsByStatus(pool)).map((r) => ({ labels: { status: r.status }, value: r.count })),
    );
    const breakerLog = (peer: string) => (state: string) => {
      metrics.breakerChanged(peer, state);
      logger.warn('circuit breaker state changed', { peer, state });
    };
    const payments = resources.add(
      'payment client',
      createServiceClient(payment.PaymentService, {
        baseUrl: config.paymentServiceUrl,
        timeoutMs: config.callTimeoutMs,
        onBreakerStateChange: breakerLog('payment'),
      }),
      (c) => c.close(),
    );
    const bankClient = resources.add(
      'bank connector client',
      createServiceClient(connector.ConnectorService, {
        baseUrl: config.connectorServiceUrl,
        timeoutMs: config.callTimeoutMs,
        onBreakerStateChange: breakerLog('bank-connector'),
      }),
      (c) => c.close(),
    );
    const clocks = new SandboxClocks({ enabled: config.env === 'sandbox', store: clockStore(pool) });
    await clocks.load();
    resources.add(
      'sandbox clocks',
      clocks.startRefreshing(2000, (err) => logger.warn('sandbox clocks not re-read', { err })),
      (c) => c.stop(),
    );
    const deps: Deps = {
      sql: pool,
      logger,
      clocks,
      subjectPrefix: config.eventSubjectPrefix,
      afterCommit: () => relay.nudge(),
      payments,
      bank: bankClient,
      settlementBusinessDays: config.settlementBusinessDays,
      bankSubmissions: new Set(),
      failedCreates: new FailedCreates(),
    };
    // Bank hand-overs started by calls that already answered.
    resources.add('bank hand-overs', deps.bankSubmissions, (running) => Promise.allSettled([...running]));
    const settings = {
      bankResubmitAfterMs: config.bankResubmitAfterMs,
      bankDecisionTimeoutMs: config.bankDecisionTimeoutMs,
      requestStaleAfterMs: config.requestStaleAfterMs,
    };
    resources.add('refund sweeper', startRefundSweeper(deps, settings, config.sweepIntervalMs), (s) => s.stop());
    const server = await startGrpcServer({
      metrics,
      routes: routes(deps),
      serviceNames: SERVICE_NAMES,
      port: config.grpcPort,
      host: config.grpcHost,
      logger,
      // Ready only while its own database and event bus answer.
      dependencies: { postgres: () => pingDatabase(pool), nats: () => bus.nc.rtt() },
    });
    resources.add('gRPC server', server, (s) => s.close());
    return { port: server.port, metricsPort: metricsServer.port };
  });
}
