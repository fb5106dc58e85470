import { useGrpcWire } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { startMetrics } from '@vrp/metrics';
import { startUp, type Started } from '@vrp/runtime';
import { createPool } from '@vrp/sql';
import { createGatewayClients, createHealthClients, type GatewayClients } from './clients.js';
import type { GatewayConfig } from './config.js';
import { ConsoleAccounts } from './db/console-accounts.js';
import { AuditLog } from './db/audit-log.js';
import { ConsoleCredentials } from './db/console-credentials.js';
import { ConsoleMailbox } from './db/console-mail.js';
import { SecretSealer } from './domain/secret-sealing.js';
import { MailSender } from './jobs/mail-sender.js';
import { IdempotencyStore } from './db/idempotency-store.js';
import { EventStreamLeases } from './db/event-stream-leases.js';
import { AUTH_CHECK_MS, STREAM_LEASE_TTL_MS } from './routes/event-stream.js';
import { CredentialWatch } from './usecases/watch-credentials.js';
import { LiveTokenCache } from './db/live-token-cache.js';
import { MerchantRepository } from './db/merchants.js';
import { SharedRateLimitBuckets } from './db/rate-limit-buckets.js';
import type { Deps } from './deps.js';
import { CursorCodec } from './lists/cursor.js';
import { RateLimiter } from './middleware/rate-limit.js';
import { KeyedBuckets } from './middleware/keyed-buckets.js';
import { HashingSlots } from './domain/hashing-slots.js';
import { Readiness } from './readiness.js';
import { dependencyProbes } from './readiness-probes.js';
import { listen } from './http-server.js';
import { createHttpApp, type RouteEntry } from './server.js';
import { ExportStore } from './db/exports.js';
import { startExportWorker } from './exports/start-export-worker.js';

/** A running gateway; stop() stops accepting, lets in-flight requests finish (up to the grace period) and closes everything. */
export type Gateway = Started<{
  port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  metricsPort: number;
  /** e.g. http://127.0.0.1:8080 (no /v1). */
  url: string;
  /** The routes served, for contract tests against the OpenAPI document. */
  routes(): RouteEntry[];
  /** Requests received and not yet answered (or abandoned by their client). */
  inFlight(): number;
}>;

/**
 * Wires and starts the gateway: its database pool, gRPC clients (from the configured URLs unless given),
 * readiness checks, the rate limiter and the HTTP server. Used by main.ts and by every test that
 * needs the gateway running for real. stop() closes it all in reverse; a failed start closes
 * whatever it had started.
 */
export function startGateway(
  config: GatewayConfig,
  options: { clients?: Partial<GatewayClients>; logger?: Logger; /** The rate limiter's clock (ms), for tests. */ now?: () => number } = {},
): Promise<Gateway> {
  useGrpcWire({ codec: config.grpcCodec, transport: config.grpcTransport });
  const logger = options.logger ?? createLogger('gateway', { level: config.logLevel });
  return startUp('gateway', logger, async (resources) => {
    const { metrics, server: metricsServer } = await startMetrics('gateway', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    const db = resources.add(
      'database',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection failed', { err }) }),
      (pool) => pool.end(),
    );
    const created = createGatewayClients(config, logger, metrics);
    for (const [name, client] of Object.entries(created)) {
      if (!options.clients?.[name as keyof GatewayClients]) resources.add(`${name} client`, client, (c) => c.close());
    }
    const clients: GatewayClients = { ...created, ...options.clients };
    const merchants = new MerchantRepository(db);
    const streamChecks = metrics.counter(
      'vrp_gateway_stream_credential_checks_total',
      'Checks of open event streams’ credentials (one per credential per interval, however many streams share it).',
      [],
    );
    const credentials = resources.add('event stream credential checks', new CredentialWatch(AUTH_CHECK_MS, () => streamChecks.inc()), (w) =>
      w.close(),
    );
    const stopping = new AbortController();
    const mailbox = new ConsoleMailbox(db);
    if (config.smtpUrl)
      resources.add('console mail sender', new MailSender(mailbox, config.smtpUrl, config.mailFrom, logger), (m) => m.close());
    const deps: Deps = {
      config,
      db,
      merchants,
      tokens: new LiveTokenCache(merchants, config.authCacheTtlMs),
      consoleAccounts: new ConsoleAccounts(db),
      consoleCredentials: new ConsoleCredentials(db),
      mailbox,
      audit: new AuditLog(db),
      sealer: new SecretSealer(config.idempotencySealingKeys),
      hashing: new HashingSlots(config.passwordHashConcurrency, config.passwordHashWaitMs, config.passwordScryptLogN),
      idempotency: new IdempotencyStore(db, config.idempotencyTtlMs, config.idempotencyLockTimeoutMs),
      clients,
      cursors: new CursorCodec(config.cursorSecret, config.cursorTtlMs),
      logger,
      eventStreams: { leases: new EventStreamLeases(db, STREAM_LEASE_TTL_MS), credentials },
      stopping: stopping.signal,
    };
    const exportStore = resources.add(
      'export store',
      new ExportStore(
        config.databaseUrl,
        config.exportLeaseMs,
        { subjectPrefix: config.eventSubjectPrefix, publicBaseUrl: config.publicBaseUrl },
        (err) => logger.warn('export store connection failed', { err }),
      ),
      (s) => s.close(),
    );
    const exportWorker = config.exportWorker
      ? resources.add('export worker', await startExportWorker(exportStore, clients, deps.cursors, logger, config), (w) => w.stop())
      : undefined;
    deps.exports = { store: exportStore, worker: exportWorker?.worker };
    const dependencies = resources.add('readiness probes', dependencyProbes(db, config.natsUrl, createHealthClients(config)), (p) =>
      p.close(),
    );
    const readiness = new Readiness(dependencies.probes, { logger, metrics });
    const buckets = resources.add(
      'rate limit buckets',
      new SharedRateLimitBuckets(config.databaseUrl, config.rateLimitRps, config.rateLimitBurst, {
        onError: (err) => logger.warn('rate limit bucket connection failed', { err }),
      }),
      (b) => b.close(),
    );
    const rateLimiter = resources.add(
      'rate limiter',
      new RateLimiter(buckets, config.rateLimitRps, config.rateLimitBurst, options.now, (err) =>
        logger.warn('shared rate limit unavailable; counting locally', { err }),
      ),
      (r) => r.stop(),
    );
    const consoleApiLimit = resources.add('console API limit', new KeyedBuckets(config.consoleApiRps, config.consoleApiBurst), (b) =>
      b.stop(),
    );
    const failedAuthentications = resources.add(
      'failed authentication limit',
      new KeyedBuckets(config.authFailuresPerMinute / 60, config.authFailureBurst),
      (b) => b.stop(),
    );
    const { app, routes } = createHttpApp(deps, { readiness, rateLimiter, metrics, consoleApiLimit, failedAuthentications });
    const purge = setInterval(() => {
      deps.idempotency.purgeExpired().catch((err: unknown) => logger.warn('idempotency purge failed', { err }));
      deps.eventStreams.leases.purgeExpired().catch((err: unknown) => logger.warn('event stream lease purge failed', { err }));
      exportStore.purgeExpired().catch((err: unknown) => logger.warn('export purge failed', { err }));
      const now = new Date();
      deps.consoleAccounts
        .purge(now, new Date(now.getTime() - config.consoleSignInWindowMs))
        .catch((err: unknown) => logger.warn('console session purge failed', { err }));
    }, 3_600_000).unref();
    resources.add('hourly purge', purge, (timer) => clearInterval(timer));
    const server = resources.add('HTTP server', await listen(app, logger, config.host, config.port), (s) =>
      s.close(config.shutdownGraceMs),
    );
    // Stopped before the server (reverse order), so open event streams end instead of holding it for the grace period.
    resources.add('event streams', stopping, async (c) => {
      c.abort();
      await deps.eventStreams.leases.settled();
    });
    logger.info('gateway listening', { port: server.port, env: config.env });
    return {
      port: server.port,
      metricsPort: metricsServer.port,
      url: `http://${config.host}:${server.port}`,
      routes,
      inFlight: server.inFlight,
    };
  });
}
