import { createRemoteJWKSet, customFetch, importPKCS8, type JWTVerifyGetKey } from 'jose';
import { startGrpcServer, useGrpcWire } from '@vrp/grpc';
import { createLogger, type Logger } from '@vrp/logging';
import { startMetrics, watchPool } from '@vrp/metrics';
import { verifyEventNotification } from '@vrp/open-banking';
import { connectEventBus, ensureEventStream } from '@vrp/outbox';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool } from '@vrp/sql';
import { AuthorisationServer } from './clients/bank/authorisation-server.js';
import { bankCallMetrics, observedFetch } from './clients/bank/call-metrics.js';
import { mtlsTransport } from './clients/bank/mtls.js';
import { SignedCalls } from './clients/bank/signed-calls.js';
import { VrpApi } from './clients/bank/vrp-api.js';
import { httpBackOffice } from './clients/back-office.js';
import { createPlatform } from './clients/platform.js';
import type { BankConnectorConfig } from './config.js';
import { clockStore } from './db/clock-store.js';
import { backlog, pingDatabase } from './db/observability.js';
import type { Deps } from './deps.js';
import { startRevocationConsumer } from './jobs/revocation-consumer.js';
import { startWorkLoops, type WorkLoops } from './jobs/work-loops.js';
import { routes, serviceNames } from './server.js';

/** A running bank connector. */
export type BankConnectorService = Started<{
  /** The port the gRPC server listens on (the real one when configured with 0). */
  readonly port: number;
  /** Where GET /metrics answers (the real port when METRICS_PORT is 0). */
  readonly metricsPort: number;
  /** Wakes every background loop (tests). */
  nudge(): void;
}>;

/**
 * Starts the bank connector: its database pool and the sandbox clocks kept there, the event bus
 * (the mandate.revoked consumer), the mutual-TLS transport to the bank with the OB client on it
 * (discovery happens on first use, so a bank that is down does not stop the start), the platform
 * clients, the background loops and the gRPC server. stop() closes it all in reverse; a failed
 * start closes whatever it had started.
 */
export function startBankConnectorService(config: BankConnectorConfig, options: { logger?: Logger } = {}): Promise<BankConnectorService> {
  useGrpcWire({ codec: config.grpcCodec, transport: config.grpcTransport });
  const logger = options.logger ?? createLogger('bank-connector', { level: config.logLevel });
  const sandbox = config.env === 'sandbox';
  return startUp('bank connector', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const clocks = new SandboxClocks({ enabled: sandbox, store: clockStore(pool) });
    await clocks.load();
    resources.add(
      'sandbox clocks',
      clocks.startRefreshing(2000, (err) => logger.warn('sandbox clocks not re-read', { err })),
      (c) => c.stop(),
    );
    const bus = resources.add('event bus', await connectEventBus(config.natsUrl, `bank-connector-${config.env}`), (b) => b.close());
    await ensureEventStream(bus.jsm, config.eventStream, config.eventSubjectPrefix, config);
    const { metrics, server: metricsServer } = await startMetrics('bank-connector', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    watchPool(metrics, pool);
    metrics.gaugeOnScrape('vrp_bank_connector_backlog', 'What the connector still owes the platform, by kind.', ['kind'], async () =>
      (await backlog(pool)).map((b) => ({ labels: { kind: b.kind }, value: b.count })),
    );

    const transport = resources.add(
      'bank transport',
      mtlsTransport({ cert: config.bankTransportCert.pem, key: config.bankTransportKey.pem, ca: config.bankCa.pem }, config.bankTimeoutMs),
      (t) => t.close(),
    );
    const callMetrics = bankCallMetrics(metrics);
    const authorisation = new AuthorisationServer({
      issuer: config.bankIssuer!,
      clientId: config.bankClientId,
      signingKey: await importPKCS8(config.bankSigningKey.pem, 'PS256'),
      signingKid: config.bankSigningKid,
      redirectUri: config.redirectUri,
      fetch: observedFetch(transport.fetch, callMetrics, [config.bankApiUrl!, config.bankPayoutsUrl!]),
      timeoutMs: config.bankTimeoutMs,
    });
    let jwks: JWTVerifyGetKey | undefined;
    const bankKeys = async () =>
      (jwks ??= createRemoteJWKSet(new URL(config.bankJwksUri ?? (await authorisation.jwksUri())), {
        [customFetch]: transport.fetch as never,
        timeoutDuration: config.bankTimeoutMs,
      }));
    // serverMetadata() answers a deep copy of the discovery document: read its issuer once per
    // discovery, not on every answer verified.
    const issuers = new WeakMap<object, string>();
    const bankIssuer = async () => {
      const configuration = await authorisation.configuration();
      let issuer = issuers.get(configuration);
      if (issuer === undefined) issuers.set(configuration, (issuer = configuration.serverMetadata().issuer));
      return issuer;
    };
    const calls = resources.add(
      'bank calls',
      new SignedCalls({
        authorisationServer: authorisation,
        signer: {
          key: await importPKCS8(config.bankSigningKey.pem, 'PS256'),
          kid: config.bankSigningKid,
          issuer: config.bankSigningIss,
          trustAnchor: config.bankTrustAnchor,
        },
        bankSigner: {
          issuer: async () => config.bankResponseIss || (await bankIssuer()),
          trustAnchors: [config.bankTrustAnchor],
          keys: bankKeys,
        },
        logger,
        callMetrics,
        metrics,
        breaker: { resetTimeoutMs: config.bankBreakerResetMs },
      }),
      (c) => c.shutdown(),
    );
    const platform = resources.add('platform clients', createPlatform(config), (p) => p.close());
    const wake: { loops?: WorkLoops } = {};
    const deps: Deps = {
      sql: pool,
      clocks,
      logger,
      settings: config,
      authorisation,
      bank: new VrpApi(calls, { api: config.bankApiUrl!, payouts: config.bankPayoutsUrl! }),
      verifyNotification: async (token) =>
        verifyEventNotification(token, { key: await bankKeys(), issuer: await bankIssuer(), audience: config.bankClientId }),
      platform,
      ...(sandbox && config.bankBackOfficeUrl
        ? { backOffice: httpBackOffice(config.bankBackOfficeUrl, config.bankBackOfficeToken, transport.fetch) }
        : {}),
      afterCommit: () => wake.loops?.nudge(),
    };
    const loops = resources.add('background loops', startWorkLoops(deps, { intervalMs: config.jobIntervalMs, logger, sandbox }), (l) =>
      l.stop(),
    );
    wake.loops = loops;
    // Work that an advance made due on a merchant's clock (settlements, expiries) runs promptly.
    clocks.onAdvance(() => loops.nudge());
    resources.add(
      'revocation consumer',
      await startRevocationConsumer(deps, {
        bus,
        stream: config.eventStream,
        subjectPrefix: config.eventSubjectPrefix,
        durableName: config.consumerName,
      }),
      (c) => c.stop(),
    );
    const server = await startGrpcServer({
      metrics,
      routes: routes(deps, sandbox ? { browserFetch: transport.fetch } : undefined),
      serviceNames: serviceNames(sandbox),
      port: config.grpcPort,
      host: config.grpcHost,
      logger,
      // Ready only while its own database and event bus answer (a bank that is down is the bank's outage, not the connector's).
      dependencies: { postgres: () => pingDatabase(pool), nats: () => bus.nc.rtt() },
    });
    resources.add('gRPC server', server, (s) => s.close());
    return { port: server.port, metricsPort: metricsServer.port, nudge: () => loops.nudge() };
  });
}
