import { startGrpcServer, useGrpcWire } from '@vrp/grpc';
import { startMetrics, watchPool } from '@vrp/metrics';
import { createLogger, type Logger } from '@vrp/logging';
import { connectEventBus, ensureEventStream } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool } from '@vrp/sql';
import type { WebhookConfig } from './config.js';
import { clockStore } from './db/clock-store.js';
import { pingDatabase } from './db/observability.js';
import type { Deps } from './deps.js';
import { DeliveryWorker } from './jobs/delivery-worker.js';
import { startEventConsumer } from './jobs/event-consumer.js';
import { UndeliverableEndpoints } from './domain/undeliverable-endpoints.js';
import { endpointUrls } from './db/recording.js';
import { RecordedEvents } from './jobs/recorded-events.js';
import { ReplayRunner } from './jobs/replay-runner.js';
import { SecretResealer } from './jobs/secret-resealer.js';

/** How often a replica looks for accepted bulk replays nobody is carrying out (one accepted here wakes it at once). */
const REPLAY_POLL_MS = 1000;
import { SERVICE_NAMES, routes } from './server.js';

/** Things a test (or an embedding process) may supply instead of the defaults. */
export interface WebhookServiceOptions {
  logger?: Logger;
  /** The wall clock, ms (default Date.now); tests move it to cross a time boundary. Sandbox merchants' clocks run ahead of it. */
  wall?: () => number;
  /** Jitter source for retries, [0,1). */
  random?: () => number;
  /** An extra trusted CA (PEM) for receivers; production relies on NODE_EXTRA_CA_CERTS. */
  extraCa?: string | undefined;
}

/** A running webhook service. */
export type WebhookService = Started<{
  readonly port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  readonly metricsPort: number;
  /** Sends due deliveries now (tests); the worker also does this on its own. */
  worker: DeliveryWorker;
  /** Moves signing secrets sealed with an older key onto the first key listed (tests can run a pass). */
  resealer: SecretResealer;
}>;

/**
 * Starts the webhook service: the database pool, NATS and the event stream, the delivery worker, the
 * stream consumer and the gRPC server. stop() is the SIGTERM path, the reverse: stop accepting
 * calls, stop consuming, let in-flight deliveries finish, then close NATS and the database. A
 * failed start closes whatever it had started.
 */
export function startWebhookService(config: WebhookConfig, options: WebhookServiceOptions = {}): Promise<WebhookService> {
  useGrpcWire({ codec: config.grpcCodec, transport: config.grpcTransport });
  const logger = options.logger ?? createLogger('webhook', { level: config.logLevel });
  logger.info('signing secrets sealed with key', {
    key_id: config.secretKeys.sealing.id,
    keys_listed: config.secretKeys.keys.map((k) => k.id),
  });
  return startUp('webhook service', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, `webhook-${config.env}`), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix, config);

    const { metrics, server: metricsServer } = await startMetrics('webhook', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    watchPool(metrics, pool);
    // Its _count counts the attempts by outcome.
    const attemptLatency = metrics.histogram('vrp_webhook_attempt_duration_seconds', 'Time from POST to answer or failure, by outcome.', [
      'outcome',
    ]);
    const onAttempt = (r: { success: boolean; statusCode: number; latencyMs: number }) => {
      const outcome = r.success ? 'delivered' : r.statusCode ? `http_${Math.floor(r.statusCode / 100)}xx` : 'no_answer';
      attemptLatency.observe({ outcome }, r.latencyMs / 1000);
    };
    metrics.gaugeOnScrape(
      'vrp_jetstream_consumer_pending',
      'Events on the stream not yet taken (pending) or taken and not acknowledged.',
      ['kind'],
      async () => {
        const info = await bus.jsm.consumers.info(config.eventStream, config.consumerName);
        return [
          { labels: { kind: 'pending' }, value: info.num_pending },
          { labels: { kind: 'ack_pending' }, value: info.num_ack_pending },
        ];
      },
    );
    const clocks = new SandboxClocks({ enabled: config.env === 'sandbox', store: clockStore(pool), wall: options.wall });
    await clocks.load();
    resources.add(
      'sandbox clocks',
      clocks.startRefreshing(2000, (err) => logger.warn('sandbox clocks not re-read', { err })),
      (c) => c.stop(),
    );
    const wake = { worker: undefined as DeliveryWorker | undefined, replays: undefined as ReplayRunner | undefined };
    const recorded = new RecordedEvents();
    const afterCommit = () => {
      wake.worker?.nudge();
      wake.replays?.nudge();
      recorded.notify();
    };
    const undeliverable = new UndeliverableEndpoints({ env: config.env, allowInsecureLoopback: config.allowInsecureLoopback });
    const refused = undeliverable.refusedAmong(await endpointUrls(pool));
    if (refused.length > 0)
      logger.warn('endpoints this deployment may not deliver to get no deliveries', { endpoint_ids: refused.map((e) => e.id) });
    const deps: Deps = { sql: pool, clocks, logger, afterCommit, recorded, undeliverable, config };
    const worker = resources.add(
      'delivery worker',
      new DeliveryWorker(deps, { extraCa: options.extraCa, random: options.random, onAttempt }),
      (w) => w.stop(),
    );
    wake.worker = worker;
    worker.start();
    // Deliveries of an advanced merchant may have fallen due (or run out of their window); circuits
    // whose reset period the jump covered have half-opened meanwhile.
    clocks.beforeAdvance(async (merchantId, movedMs) => {
      if (movedMs >= config.breakerResetMs) await worker.closeCircuitsOf(merchantId);
    });
    clocks.onAdvance(() => worker.nudge());
    const replays = resources.add('replay runner', new ReplayRunner(deps), (r) => r.stop());
    wake.replays = replays;
    replays.start(REPLAY_POLL_MS);
    const resealer = resources.add('secret re-seal job', new SecretResealer(deps), (r) => r.stop());
    resealer.start();
    resources.add(
      'event consumer',
      await startEventConsumer(deps, {
        bus,
        stream: config.eventStream,
        subjectPrefix: config.eventSubjectPrefix,
        durableName: config.consumerName,
        ackWaitMs: config.ackWaitMs,
      }),
      (c) => c.stop(),
    );
    metrics.gaugeOnScrape('vrp_webhook_open_circuits', 'Endpoints whose circuit breaker is open or half-open.', [], async () => [
      { value: worker.openCircuits() },
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
    // Closed before the server (reverse order): stream readers waiting for events answer at once.
    resources.add('event stream readers', recorded, (r) => r.close());
    return { port: server.port, metricsPort: metricsServer.port, worker, resealer };
  });
}
