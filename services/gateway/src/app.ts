import { once } from 'node:events';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createLogger, type Logger } from '@vrp/logging';
import { createGatewayClients, createHealthClients, type GatewayClients } from './clients.js';
import type { GatewayConfig } from './config.js';
import { IdempotencyStore } from './db/idempotency-store.js';
import { MerchantRepository } from './db/merchants.js';
import { createGatewayDb } from './db/prisma.js';
import type { GatewayDeps } from './deps.js';
import { CursorCodec } from './lists/cursor.js';
import { RateLimiter } from './middleware/rate-limit.js';
import { Readiness } from './readiness.js';
import { createGatewayServer } from './http-server.js';
import { createHttpApp, type RouteEntry } from './server.js';

/** A running gateway. */
export interface Gateway {
  port: number;
  /** e.g. http://127.0.0.1:8080 (no /v1). */
  url: string;
  /** The routes served, for contract tests against the OpenAPI document. */
  routes(): RouteEntry[];
  /** Requests received and not yet answered (or abandoned by their client). */
  inFlight(): number;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), closes everything. */
  stop(): Promise<void>;
}

/**
 * Wires and starts the gateway: Prisma, gRPC clients (from the configured URLs unless given),
 * the HTTP server. Used by main.ts and by every test that needs the gateway running for real.
 */
export async function startGateway(
  config: GatewayConfig,
  options: { clients?: Partial<GatewayClients>; logger?: Logger; /** The rate limiter's clock (ms), for tests. */ now?: () => number } = {},
): Promise<Gateway> {
  const logger = options.logger ?? createLogger('gateway', { level: config.logLevel });
  const db = createGatewayDb(config.databaseUrl);
  const created = createGatewayClients(config, logger);
  const clients: GatewayClients = { ...created, ...options.clients };
  const deps: GatewayDeps = {
    config,
    db,
    merchants: new MerchantRepository(db),
    idempotency: new IdempotencyStore(db, config.idempotencyTtlMs, config.idempotencyLockTimeoutMs),
    clients,
    cursors: new CursorCodec(config.cursorSecret, config.cursorTtlMs),
    logger,
  };
  const readiness = new Readiness(db, config.natsUrl, createHealthClients(config));
  const rateLimiter = new RateLimiter(config.rateLimitRps, config.rateLimitBurst, options.now);
  const { app, routes } = createHttpApp(deps, { readiness, rateLimiter });
  const purge = setInterval(() => {
    deps.idempotency.purgeExpired().catch((err: unknown) => logger.warn('idempotency purge failed', { err }));
  }, 3_600_000).unref();

  const server: Server = createGatewayServer(app, logger);
  server.listen(config.port, config.host);
  await once(server, 'listening');
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let inFlight = 0;
  server.on('request', (_req, res: ServerResponse) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info('gateway listening', { port, env: config.env });

  let stopping: Promise<void> | undefined;
  return {
    port,
    url: `http://${config.host}:${port}`,
    routes,
    inFlight: () => inFlight,
    stop() {
      stopping ??= (async () => {
        clearInterval(purge);
        rateLimiter.stop();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Keep-alive connections become idle as their last request finishes; close them as they do.
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        server.closeIdleConnections();
        const grace = setTimeout(() => {
          for (const socket of sockets) socket.destroy();
        }, config.shutdownGraceMs);
        await closed;
        clearTimeout(grace);
        clearInterval(idle);
        await readiness.close();
        for (const [name, client] of Object.entries(created)) if (!options.clients?.[name as keyof GatewayClients]) client.close();
        await db.$disconnect();
        logger.info('gateway stopped');
      })();
      return stopping;
    },
  };
}
