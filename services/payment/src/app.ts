import { connector, mandate } from '@vrp/contracts';
import { createServiceClient, startGrpcServer, useGrpcWire } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { startMetrics, watchPool } from '@vrp/metrics';
import { connectEventBus, ensureEventStream, OutboxRelay } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool } from '@vrp/sql';
import { BankSubmitter } from './clients/bank-submitter.js';
import type { PaymentConfig } from './config.js';
import { clockStore } from './db/clock-store.js';
import { SCHEMA } from './db/schema.js';
import { outboxLagSeconds, paymentsByStatus, pingDatabase } from './db/observability.js';
import type { Deps } from './deps.js';
import { TermsCache } from './domain/terms-cache.js';
import { RecentlyWritten } from './domain/recently-written.js';
import { ResubmissionSweeper } from './jobs/resubmission-sweeper.js';
import { startAutomaticRetrier } from './jobs/automatic-retrier.js';
import { routes, SERVICE_NAMES } from './server.js';

/** How often a replica re-reads the sandbox clocks others may have taken. */
const SANDBOX_CLOCK_REFRESH_MS = 2000;

/** A running payment service. */
export type PaymentService = Started<{
  readonly port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  readonly metricsPort: number;
  /** Runs one resubmission round now (tests; the sweeper also runs on its own). */
  sweepOnce(): Promise<number>;
}>;

/**
 * Starts the payment service: the database pool, the event bus and outbox relay, the mandate
 * and bank clients (each behind a breaker), the bank hand-overs, the resubmission sweeper and the
 * gRPC server. stop() closes it all in reverse: the server stops taking calls and lets in-flight
 * ones finish, the sweeper ends its round, pending bank hand-overs finish, the relay publishes
 * every committed row, then clients, the pool and NATS close. A failed start closes whatever it
 * had started.
 */
export function startPaymentService(
  config: PaymentConfig,
  options: {
    logger?: Logger;
    /** The wall clock the merchants' clocks run on (tests move it by hand); Date.now by default. */
    wall?: () => number;
  } = {},
): Promise<PaymentService> {
  useGrpcWire({ codec: config.grpcCodec, transport: config.grpcTransport });
  const logger = options.logger ?? createLogger('payment', { level: config.logLevel });
  return startUp('payment service', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const clocks = new SandboxClocks({
      enabled: config.vrpEnv === 'sandbox',
      store: clockStore(pool, SCHEMA),
      ...(options.wall ? { wall: options.wall } : {}),
    });
    await clocks.load();
    resources.add(
      'sandbox clocks',
      clocks.startRefreshing(SANDBOX_CLOCK_REFRESH_MS, (err) => logger.warn('sandbox clocks not re-read', { err })),
      (c) => c.stop(),
    );
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, 'payment'), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix, config);
    const relay = resources.add(
      'outbox relay',
      new OutboxRelay({ databaseUrl: config.databaseUrl, schema: SCHEMA, js: bus.js, logger }),
      (r) => r.stop(),
    );
    relay.start();
    const { metrics, server: metricsServer } = await startMetrics('payment', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    watchPool(metrics, pool);
    metrics.gaugeOnScrape('vrp_outbox_lag_seconds', 'Age of the oldest unpublished outbox row (0 when none waits).', [], async () => [
      { value: await outboxLagSeconds(pool) },
    ]);
    metrics.gaugeOnScrape('vrp_payments', 'Payments by status.', ['status'], async () =>
      (await paymentsByStatus(pool)).map((r) => ({ labels: { status: r.status }, value: r.count })),
    );
    const breakerLog = (peer: string) => (state: string) => {
      metrics.breakerChanged(peer, state);
      logger.warn('circuit breaker state changed', { peer, state });
    };
    const clientOptions = { timeoutMs: config.callTimeoutMs };
    const mandates = resources.add(
      'mandate client',
      createServiceClient(mandate.MandateService, {
        ...clientOptions,
        baseUrl: config.mandateServiceUrl,
        onBreakerStateChange: breakerLog('mandate'),
      }),
      (c) => c.close(),
    );
    const bankClient = resources.add(
      'bank connector client',
      createServiceClient(connector.ConnectorService, {
        ...clientOptions,
        baseUrl: config.connectorServiceUrl,
        onBreakerStateChange: breakerLog('bank-connector'),
      }),
      (c) => c.close(),
    );
    const submitter = resources.add('bank hand-overs', new BankSubmitter(pool, bankClient, clocks, logger), (s) => s.drain());
    const deps: Deps = {
      sql: pool,
      clocks,
      logger,
      subjectPrefix: config.eventSubjectPrefix,
      mandates,
      terms: new TermsCache(),
      holds: new RecentlyWritten(),
      attempts: new RecentlyWritten(),
      submitter,
      afterCommit: () => relay.nudge(),
    };
    const sweeper = new ResubmissionSweeper(pool, submitter, clocks, logger, {
      resubmitAfterMs: config.resubmitAfterMs,
      decisionTimeoutMs: config.bankDecisionTimeoutMs,
      intervalMs: config.resubmitSweepIntervalMs,
      aheadMs: () => clocks.maxOffsetMs(),
    });
    resources.add('resubmission sweeper', sweeper, (s) => s.stop());
    sweeper.start();
    const retrier = resources.add('automatic retrier', startAutomaticRetrier(deps, config.resubmitSweepIntervalMs), (r) => r.stop());
    // Retries a sandbox clock's advance made due run at once.
    clocks.onAdvance(() => retrier.nudge());
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
    return { port: server.port, metricsPort: metricsServer.port, sweepOnce: () => sweeper.sweepOnce() };
  });
}
