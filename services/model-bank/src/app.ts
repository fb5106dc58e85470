import { createHmac, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { createLogger, type Logger } from '@vrp/logging';
import { startMetrics } from '@vrp/metrics';
import { startUp, type Started } from '@vrp/runtime';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool } from '@vrp/sql';
import { createAuthorisationServer } from './authorisation-server.js';
import { eventReceiver } from './clients/event-receiver.js';
import type { ModelBankConfig } from './config.js';
import { clockStore } from './db/clock-store.js';
import { undeliveredCount } from './db/notifications.js';
import { postgresAdapter } from './db/oidc-adapter.js';
import { pingDatabase, resourcesByStatus } from './db/observability.js';
import type { Deps } from './deps.js';
import { messagePage, pageHeaders } from './handlers/consent-page.js';
import { ObHttp } from './handlers/ob-http.js';
import { startHousekeeping } from './jobs/housekeeping.js';
import { startNotificationSender } from './jobs/notification-sender.js';
import { startSweeper } from './jobs/sweeper.js';
import { listenHttps, modelBankApp } from './server.js';

/** A running model bank. */
export type ModelBank = Started<{
  /** The bound HTTPS port (useful with MODEL_BANK_PORT=0). */
  readonly port: number;
  /** Where GET /metrics answers. */
  readonly metricsPort: number;
  /** The authorisation server's issuer (and the base of every resource link). */
  readonly issuer: string;
  /** The kid of the bank's signing key (JWKS, signed answers, event notifications). */
  readonly signingKid: string;
  /** Event notifications not yet delivered (tests wait for 0). */
  pendingNotifications(): Promise<number>;
}>;

/**
 * Starts the model bank: its database pool and payees' sandbox clocks, metrics, the HTTPS server
 * (the authorisation server, resource server, consent page and back office on one port), the event
 * notification sender, the sweeper (expiry, automatic settlement) and housekeeping. stop() closes it
 * all in reverse: the loops end their pass, the server stops accepting and lets requests finish,
 * then metrics, clocks and the pool close. A failed start closes whatever it had started.
 */
export function startModelBank(config: ModelBankConfig, options: { logger?: Logger } = {}): Promise<ModelBank> {
  const logger = options.logger ?? createLogger('model-bank', { level: config.logLevel });
  return startUp('model bank', logger, async (resources) => {
    const pool = resources.add(
      'database pool',
      createPool(config.databaseUrl, { onError: (err) => logger.warn('database connection lost', { err }) }),
      (p) => p.end(),
    );
    const clocks = new SandboxClocks({ enabled: true, store: clockStore(pool) });
    await clocks.load();
    resources.add(
      'sandbox clocks',
      clocks.startRefreshing(2000, (err) => logger.warn('sandbox clocks not re-read', { err })),
      (c) => c.stop(),
    );
    const { metrics, server: metricsServer } = await startMetrics('model-bank', config.metricsHost, config.metricsPort);
    resources.add('metrics endpoint', metricsServer, (m) => m.close());
    metrics.gaugeOnScrape('vrp_bank_pending_notifications', 'Event notifications not yet delivered.', [], async () => [
      { value: await undeliveredCount(pool) },
    ]);
    metrics.gaugeOnScrape('vrp_bank_resources', 'Consents, payments and payouts by status.', ['resource', 'status'], async () =>
      (await resourcesByStatus(pool)).map((r) => ({ labels: { resource: r.resource, status: r.status }, value: r.count })),
    );

    const https = await listenHttps(
      { cert: config.tlsCert.value, key: config.tlsKey.value, ca: config.clientCa.value },
      config.host,
      config.port,
    );
    resources.add('HTTPS server', https, (s) => s.close(5000));
    const issuer = config.issuer ?? `https://127.0.0.1:${https.port}`;

    const signingKey = createPrivateKey(config.signingKey.value);
    const publicJwk = createPublicKey(signingKey).export({ format: 'jwk' }) as JWK;
    const signingKid = config.signingKid ?? (await calculateJwkThumbprint(publicJwk));
    const cookieKey = createHmac('sha256', config.signingKey.value).update('model-bank cookies').digest('base64url');
    const clients = new Map(config.clients.map((c) => [c.clientId, c]));

    let nudgeSender = () => {};
    const deps: Deps = {
      db: pool,
      clocks,
      logger,
      afterCommit: () => nudgeSender(),
      issuer,
      clients,
      newAccounts: { balanceMajor: config.defaultBalance, currency: config.defaultCurrency },
      autoSettleMs: config.autoSettleMs,
    };
    const provider = createAuthorisationServer({
      issuer,
      signingJwk: { ...(signingKey.export({ format: 'jwk' }) as JWK), kid: signingKid, alg: 'PS256', use: 'sig' },
      clients: config.clients,
      adapter: postgresAdapter(pool),
      cookieKeys: [cookieKey],
      renderError: ({ error, description }) => {
        const nonce = randomBytes(16).toString('base64');
        return { html: messagePage('This request cannot go on', description ?? error, nonce), headers: pageHeaders(nonce, []) };
      },
      logger,
    });
    const ob = new ObHttp(
      provider,
      clients,
      { key: signingKey, kid: signingKid, issuer: config.signingIss ?? issuer, trustAnchor: config.trustAnchor },
      logger,
    );

    const receiver = resources.add('event receiver client', eventReceiver(config.clientCa.value), (r) => r.close());
    const sender = resources.add(
      'notification sender',
      startNotificationSender(
        deps,
        receiver,
        { key: signingKey, kid: signingKid },
        {
          firstRetryMs: config.eventFirstRetryMs,
          maxBackoffMs: config.eventMaxBackoffMs,
          giveUpAfterMs: config.eventGiveUpAfterMs,
          timeoutMs: config.eventTimeoutMs,
        },
      ),
      (s) => s.stop(),
    );
    nudgeSender = () => sender.nudge();
    const sweeper = resources.add('sweeper', startSweeper(deps, config.sweepIntervalMs), (s) => s.stop());
    clocks.onAdvance(() => sweeper.nudge());
    resources.add('housekeeping', startHousekeeping(deps), (h) => h.stop());

    https.serve(
      modelBankApp({
        deps,
        provider,
        ob,
        cookieKey,
        backOfficeToken: config.backOfficeToken,
        metrics,
        logger,
        ready: () => pingDatabase(pool),
      }),
    );
    logger.info('model bank listening', { issuer, port: https.port, clients: [...clients.keys()] });
    return {
      port: https.port,
      metricsPort: metricsServer.port,
      issuer,
      signingKid,
      pendingNotifications: () => undeliveredCount(pool),
    };
  });
}
