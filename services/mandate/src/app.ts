import { startGrpcServer, useGrpcWire } from '@vrp/grpc';
import { startMetrics, watchPool } from '@vrp/metrics';
import { createLogger, type Logger } from '@vrp/logging';
import { OutboxRelay, connectEventBus, ensureEventStream } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool } from '@vrp/sql';
import { connectorClient, sandboxBankClient } from './clients/connector.js';
import { paymentTermsReplica } from './clients/payment-replica.js';
import type { MandateConfig } from './config.js';
import { clockStore } from './db/clock-store.js';
import { outboxLagSeconds, pingDatabase } from './db/observability.js';
import type { Deps } from './deps.js';
import { startActivationSweeper } from './jobs/activation-sweeper.js';
import { startMandateRequestExpiry } from './jobs/mandate-request-expiry.js';
import { startMandateExpiry } from './jobs/mandate-expiry.js';
import { SERVICE_NAMES, routes } from './server.js';

/** A running mandate service. */
export type MandateService = Started<{
  /** The port the gRPC server listens on (the real one when configured with 0). */
  readonly port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  readonly metricsPort: number;
}>;

/**
 * Starts the mandate service: database pool, event bus and stream, outbox relay, in sandbox
 * the activation sweeper, and the gRPC server (MandateService + health). Used by main.ts and by
 * every test that needs the service running for real. stop() closes it all in reverse: the
 * server stops taking calls, the sweeper finishes its pass, the relay publishes every committed
 * row, then the database and NATS close. A failed start closes whatever it had started.
 */
export function startMandateService(config: MandateConfig, options: { logger?: Logger } = {}): Promise<MandateService> {
  useGrpcWire({ codec: config.grpcCodec, transport: config.grpcTransport });
  const logger = options.logger ?? createLogger('mandate', { level: config.logLevel });
  return startUp('mandate service', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, 'mandate-service'), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix, config);
    const relay = new OutboxRelay({
      databaseUrl: config.databaseUrl,
      schema: 'mandate',
      js: bus.js,
      logger: logger.child({ component: 'relay' }),
    });
    resources.add('outbox relay', relay, (r) => r.stop());
    relay.start();

    const clocks = new SandboxClocks({ enabled: config.env === 'sandbox', store: clockStore(pool) });
    await clocks.load();
    resources.add(
      'sandbox clocks',
      clocks.startRefreshing(2000, (err) => logger.warn('sandbox clocks not re-read', { err })),
      (c) => c.stop(),
    );
    const replica = config.paymentServiceUrl
      ? resources.add(
          'payment service replica client',
          paymentTermsReplica(
            {
              baseUrl: config.paymentServiceUrl,
              timeoutMs: config.callTimeoutMs,
              onBreakerStateChange: (state) => logger.warn('circuit breaker state changed', { peer: 'payment', state }),
            },
            logger,
          ),
          (r) => r.close(),
        )
      : undefined;
    const connector = resources.add(
      'bank connector client',
      connectorClient({
        baseUrl: config.connectorServiceUrl,
        timeoutMs: config.callTimeoutMs,
        onBreakerStateChange: (state) => logger.warn('circuit breaker state changed', { peer: 'bank-connector', state }),
      }),
      (c) => c.close(),
    );
    const sandboxBank =
      config.env === 'sandbox'
        ? resources.add(
            'sandbox bank client',
            sandboxBankClient({ baseUrl: config.connectorServiceUrl, timeoutMs: config.callTimeoutMs }),
            (c) => c.close(),
          )
        : undefined;
    const deps: Deps = {
      sql: pool,
      logger,
      clocks,
      subjectPrefix: config.eventSubjectPrefix,
      afterCommit: () => relay.nudge(),
      replica,
      connector,
      sandboxBank,
    };
    const expiry = resources.add('mandate request expiry', startMandateRequestExpiry(deps, config.mandateRequestExpiryIntervalMs), (s) =>
      s.stop(),
    );
    const mandateExpiry = resources.add('mandate expiry', startMandateExpiry(deps, config.mandateExpiryIntervalMs), (s) => s.stop());
    // Journeys and mandates of a merchant whose clock was advanced may have run out.
    clocks.onAdvance(() => (expiry.nudge(), mandateExpiry.nudge()));
    if (config.env === 'sandbox') {
      const sweeper = resources.add('activation sweeper', startActivationSweeper(deps, config.sandboxActivationDelayMs), (s) => s.stop());
      // Mandates created on an advanced clock fall due on it too.
      clocks.onAdvance(() => sweeper.nudge());
    }

    const { metrics, server: metricsServer } = await startMetrics('mandate', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    watchPool(metrics, pool);
    metrics.gaugeOnScrape('vrp_outbox_lag_seconds', 'Age of the oldest unpublished outbox row (0 when none waits).', [], async () => [
      { value: await outboxLagSeconds(pool) },
    ]);
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
