import { mandate, payment } from '@vrp/contracts';
import { createServiceClient, startGrpcServer, useGrpcWire } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { startMetrics } from '@vrp/metrics';
import { OutboxRelay, connectEventBus, ensureEventStream } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool } from '@vrp/sql';
import type { ScheduleConfig } from './config.js';
import { clockStore } from './db/clock-store.js';
import { dueBacklog, outboxLagSeconds, pingDatabase } from './db/observability.js';
import type { Deps } from './deps.js';
import { startMandateConsumer } from './jobs/mandate-consumer.js';
import { startScheduler } from './jobs/scheduler.js';
import { SERVICE_NAMES, routes } from './server.js';
import { collectDueCycles } from './usecases/collect-due-cycles.js';

const SCHEMA = 'schedule';
/** How often a replica re-reads the sandbox clocks others may have taken. */
const SANDBOX_CLOCK_REFRESH_MS = 2000;

/** A running schedule service. */
export type ScheduleService = Started<{
  /** The port the gRPC server listens on (the real one when configured with 0). */
  readonly port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  readonly metricsPort: number;
  /** Runs one scheduler pass now (tests; the scheduler also runs on its own); answers how many cycles it claimed. */
  collectOnce(): Promise<number>;
}>;

/**
 * Starts the schedule service: database pool, sandbox clocks, event bus and outbox relay, clients
 * of the mandate and payment services, the scheduler, the mandate event consumer and the gRPC
 * server. stop() closes it all in reverse: the server stops taking calls, the consumer drains,
 * the scheduler ends its pass (its claimed cycles' leases run out if it cannot), the relay
 * publishes what committed, then clients, the pool and NATS close. A failed start closes
 * whatever it had started.
 */
export function startScheduleService(
  config: ScheduleConfig,
  options: { logger?: Logger; scheduler?: boolean } = {},
): Promise<ScheduleService> {
  useGrpcWire({ codec: config.grpcCodec, transport: config.grpcTransport });
  const logger = options.logger ?? createLogger('schedule', { level: config.logLevel });
  return startUp('schedule service', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const clocks = new SandboxClocks({ enabled: config.env === 'sandbox', store: clockStore(pool, SCHEMA) });
    await clocks.load();
    resources.add(
      'sandbox clocks',
      clocks.startRefreshing(SANDBOX_CLOCK_REFRESH_MS, (err) => logger.warn('sandbox clocks not re-read', { err })),
      (c) => c.stop(),
    );
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, 'schedule'), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix);
    const relay = new OutboxRelay({
      databaseUrl: config.databaseUrl,
      schema: SCHEMA,
      js: bus.js,
      logger: logger.child({ component: 'outbox' }),
    });
    resources.add('outbox relay', relay, (r) => r.stop());
    relay.start();
    const { metrics, server: metricsServer } = await startMetrics('schedule', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    metrics.gaugeOnScrape('vrp_outbox_lag_seconds', 'Age of the oldest unpublished outbox row (0 when none waits).', [], async () => [
      { value: await outboxLagSeconds(pool) },
    ]);
    metrics.gaugeOnScrape('vrp_schedule_due_cycles', 'Cycles due on the wall clock with no payment yet.', [], async () => [
      { value: await dueBacklog(pool) },
    ]);
    const breakerLog = (peer: string) => (state: string) => {
      metrics.breakerChanged(peer, state);
      logger.warn('circuit breaker state changed', { peer, state });
    };
    const mandates = resources.add(
      'mandate client',
      createServiceClient(mandate.MandateService, {
        baseUrl: config.mandateServiceUrl,
        timeoutMs: config.callTimeoutMs,
        onBreakerStateChange: breakerLog('mandate'),
      }),
      (c) => c.close(),
    );
    const payments = resources.add(
      'payment client',
      createServiceClient(payment.PaymentService, {
        baseUrl: config.paymentServiceUrl,
        timeoutMs: config.callTimeoutMs,
        onBreakerStateChange: breakerLog('payment'),
      }),
      (c) => c.close(),
    );
    let wake = () => {};
    const deps: Deps = {
      sql: pool,
      logger,
      clocks,
      subjectPrefix: config.eventSubjectPrefix,
      afterCommit: () => relay.nudge(),
      cyclesDue: () => wake(),
      mandates,
      payments,
    };
    const settings = { batch: config.schedulerBatch, concurrency: config.schedulerConcurrency, leaseMs: config.cycleLeaseMs };
    if (options.scheduler !== false) {
      const scheduler = resources.add('scheduler', startScheduler(deps, settings, config.schedulerIntervalMs), (s) => s.stop());
      wake = () => scheduler.nudge();
      // Cycles a sandbox clock's advance made due are collected at once.
      clocks.onAdvance(() => scheduler.nudge());
    }
    resources.add(
      'mandate event consumer',
      await startMandateConsumer(deps, {
        bus,
        stream: config.eventStream,
        subjectPrefix: config.eventSubjectPrefix,
        durableName: `${config.eventStream}-schedule-mandates`,
      }),
      (c) => c.stop(),
    );
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
    return { port: server.port, metricsPort: metricsServer.port, collectOnce: () => collectDueCycles(deps, settings) };
  });
}
