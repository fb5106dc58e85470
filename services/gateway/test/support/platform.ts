import { mandate } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';
import { createTestDatabase, createTestStream, type TestDatabase, type TestStream } from '@vrp/testing';
import { startGateway, type Gateway } from '../../src/app.js';
import type { GatewayClients } from '../../src/clients.js';
import { loadGatewayConfig } from '../../src/config.js';
import { MerchantRepository } from '../../src/db/merchants.js';
import { createPool } from '@vrp/sql';
import { createMerchant } from '../../src/usecases/create-merchant.js';
import type { Logger } from '@vrp/logging';
import { createApi, type Api } from './api.js';
import { TEST_SCRYPT_LOG_N } from './console-client.js';
import { reservedPort, SERVICE_STARTERS, sharedEnv, type StartedService } from './services.js';

export interface PlatformOptions {
  env?: 'sandbox' | 'production';
  /** Extra settings for the gateway and every service (e.g. RATE_LIMIT_BURST, CURSOR_TTL). */
  overrides?: Record<string, string>;
  /** A CA (PEM) the webhook service trusts besides the system ones, for a test's HTTPS receiver. */
  webhookCa?: string;
  /** The mandate service keeps no replica of active terms at the payment service: every payment create asks it. */
  withoutReplica?: boolean;
}

export interface Platform {
  /** Gateway base address without /v1. */
  url: string;
  db: TestDatabase;
  stream: TestStream;
  gateway: Gateway;
  /** The downstream services by name (mandate, payment, ...), e.g. to stop one and watch the gateway degrade. */
  services: Record<string, StartedService>;
  /** The settings the gateway was started with (to start a process of its own beside it, e.g. an export worker). */
  gatewayEnv: Record<string, string>;
  /** A gRPC client of the mandate service, for fast seeding. */
  mandates: ServiceClient<typeof mandate.MandateService>;
  /** Onboards a merchant through the real use case; returns its id and API token. */
  createMerchant(options?: {
    payoutCurrency?: string;
    name?: string;
    environment?: 'sandbox' | 'production';
  }): Promise<{ id: string; token: string }>;
  api(token?: string): Api;
  /**
   * Another gateway over the same database and services with some settings changed (and a clock
   * for its rate limiter, a logger, clients of its own, e.g. a real one wrapped to fail once);
   * stopped by stop().
   */
  startGateway(overrides: Record<string, string>, now?: () => number, logger?: Logger, clients?: Partial<GatewayClients>): Promise<Gateway>;
  stop(): Promise<void>;
}

/**
 * The whole platform for one test file: one fresh database with every service's migrations,
 * one JetStream stream, every downstream service and the gateway on port 0.
 */
/** Console passwords hash at the lighter test factor, except in production, which refuses to lower it. */
function withTestHashing(env: Record<string, string>): Record<string, string> {
  return env.VRP_ENV === 'production' ? env : { PASSWORD_SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N), ...env };
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const vrpEnv = options.env ?? 'sandbox';
  const [db, stream] = await Promise.all([
    createTestDatabase(['gateway', ...SERVICE_STARTERS.flatMap((s) => s.migrations)]),
    createTestStream(),
  ]);
  const ctx = {
    db,
    stream,
    vrpEnv,
    env: options.overrides ?? {},
    urls: {} as Record<string, string>,
    webhookCa: options.webhookCa,
    withoutReplica: options.withoutReplica,
  };
  const started: StartedService[] = [];
  for (const starter of SERVICE_STARTERS) {
    started.push(await starter.start(ctx));
    // Later services reach earlier ones through the same settings the gateway gets.
    Object.assign(ctx.urls, started[started.length - 1]!.gatewayEnv);
  }
  const gatewayEnv = Object.assign({}, ...started.map((s) => s.gatewayEnv)) as Record<string, string>;
  const baseEnv = {
    ...sharedEnv(ctx),
    // The address the bank was told (redirects, event notifications); extra gateways take port 0.
    GATEWAY_PORT: String(await reservedPort(ctx, 'gateway')),
    READINESS_SERVICES: SERVICE_STARTERS.filter((s) => s.readiness !== false)
      .map((s) => s.name)
      .join(','),
    // Generous by default so ordinary tests never meet the limiter; rate-limit tests lower it.
    RATE_LIMIT_RPS: '100000',
    RATE_LIMIT_BURST: '100000',
    // Sign-ins wait for a password hashing slot as long as a busy test machine needs; the slot tests shorten it.
    PASSWORD_HASH_WAIT: '60s',
    // Console API requests per address: quick sign-ins let a test send many; the limit tests lower it.
    CONSOLE_API_RPS: '100000',
    CONSOLE_API_BURST: '100000',
    // Every test comes from 127.0.0.1 and many send bad tokens on purpose; the failed-authentication tests lower it.
    AUTH_FAILURE_BURST: '100000',
    // Where invitation links point (production requires it): never the address a request came to.
    PUBLIC_BASE_URL: 'https://console.platform.test',
    ...gatewayEnv,
    ...options.overrides,
  };
  const config = loadGatewayConfig(withTestHashing(baseEnv));
  const gateway = await startGateway(config);
  const extraGateways: Gateway[] = [];
  const gatewayDb = createPool(db.url);
  const merchants = new MerchantRepository(gatewayDb);
  const mandates = createServiceClient(mandate.MandateService, { baseUrl: config.serviceUrls.mandate });
  let seq = 0;
  return {
    url: gateway.url,
    db,
    stream,
    gateway,
    services: Object.fromEntries(SERVICE_STARTERS.map((s, i) => [s.name, started[i]!])),
    gatewayEnv: baseEnv,
    mandates,
    async createMerchant(opts = {}) {
      seq += 1;
      const created = await createMerchant(merchants, opts.environment ?? vrpEnv, {
        name: opts.name ?? `Merchant ${seq}`,
        payoutCurrency: opts.payoutCurrency ?? 'GBP',
      });
      return { id: created.merchant.id, token: created.accessToken };
    },
    api: (token) => createApi(gateway.url, token),
    async startGateway(overrides, now, logger, clients) {
      const extra = await startGateway(loadGatewayConfig(withTestHashing({ ...baseEnv, GATEWAY_PORT: '0', ...overrides })), {
        ...(now ? { now } : {}),
        ...(logger ? { logger } : {}),
        ...(clients ? { clients } : {}),
      });
      extraGateways.push(extra);
      return extra;
    },
    async stop() {
      mandates.close();
      await Promise.all([gateway, ...extraGateways].map((g) => g.stop()));
      for (const service of started.reverse()) await service.stop();
      await gatewayDb.end();
      await Promise.all([stream.cleanup(), db.drop()]);
    },
  };
}
