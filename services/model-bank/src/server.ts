import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type Provider from 'oidc-provider';
import { PAYOUTS_PATH, VRP_BASE_PATH } from '@vrp/open-banking';
import type { Logger } from '@vrp/logging';
import type { Metrics } from '@vrp/metrics';
import { clientCertificate } from './authorisation-server.js';
import type { Deps } from './deps.js';
import { backOfficeRoutes } from './handlers/back-office.js';
import { messagePage, pageHeaders } from './handlers/consent-page.js';
import { requestLog } from './handlers/request-log.js';
import { interactionRoutes } from './handlers/interaction-routes.js';
import type { ObHttp } from './handlers/ob-http.js';
import { payoutRoutes } from './handlers/payout-routes.js';
import { vrpRoutes } from './handlers/vrp-routes.js';

/** The authorisation server's endpoints a client reaches only over mutual TLS (token and pushed authorisation requests). */
const MUTUAL_TLS_ENDPOINTS = ['/token', '/request'];

/** Refuses a request without a client certificate from the trusted CA (as OAuth's invalid_client). */
const requireClientCertificate: RequestHandler = (req, res, next) => {
  if (clientCertificate(req.socket as TLSSocket)) return next();
  res.status(401).json({ error: 'invalid_client', error_description: 'a client certificate issued by the trust anchor is required' });
};

export interface AppParts {
  deps: Deps;
  provider: Provider;
  ob: ObHttp;
  /** Signs the consent page's CSRF tokens. */
  cookieKey: string;
  backOfficeToken?: string;
  metrics: Metrics;
  logger: Logger;
  /** Whether the bank can serve (its database answers). */
  ready: () => Promise<void>;
}

/**
 * The model bank's one web application: the OB resource server (VRP_BASE_PATH), the payout
 * extension, the back office, the consent page and, for everything else, the authorisation server
 * (discovery, JWKS, PAR, authorisation, token).
 */
export function modelBankApp(parts: AppParts): Express {
  const { deps, ob } = parts;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestLog(parts.metrics, parts.logger));
  // Liveness: the process answers (its orchestrator restarts it otherwise); readiness checks its database.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await parts.ready();
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });
  app.use(MUTUAL_TLS_ENDPOINTS, requireClientCertificate);
  app.use(VRP_BASE_PATH, ob.interaction(), vrpRoutes(deps, ob));
  app.use(PAYOUTS_PATH, ob.interaction(), payoutRoutes(deps, ob));
  app.use('/back-office', backOfficeRoutes(deps, parts.backOfficeToken, parts.logger));
  app.use(interactionRoutes(deps, parts.provider, parts.cookieKey));
  app.use(parts.provider.callback());
  const failed: ErrorRequestHandler = (err, _req, res, next) => {
    if (res.headersSent) return next(err);
    parts.logger.error('request failed', { err });
    const nonce = randomBytes(16).toString('base64');
    res
      .set(pageHeaders(nonce, []))
      .status(500)
      .type('html')
      .send(messagePage('Something went wrong', 'The bank could not finish this request. Nothing was approved.', nonce));
  };
  app.use(failed);
  return app;
}

/** The bank's HTTPS server: one port for browsers (no client certificate asked of them) and for mutual TLS clients. */
export interface HttpsServer {
  port: number;
  /** Starts serving `app` (requests before it are answered 503). */
  serve(app: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** Stops accepting, lets requests in flight finish, cuts what is still open after `graceMs`. */
  close(graceMs: number): Promise<void>;
}

/**
 * Listens on host:port with the bank's certificate, asking every client for a certificate
 * (`requestCert`) without refusing the handshake when it has none (`rejectUnauthorized: false`):
 * browsers reach the consent page without one, and the endpoints that demand mutual TLS check
 * that the certificate presented was issued by the trusted CA (`ca`).
 */
export async function listenHttps(tls: { cert: string; key: string; ca: string }, host: string, port: number): Promise<HttpsServer> {
  let handler = (_req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 503;
    res.end();
  };
  const server: Server = createServer({ ...tls, requestCert: true, rejectUnauthorized: false, minVersion: 'TLSv1.2' }, (req, res) =>
    handler(req, res),
  );
  // No renegotiation: a connection's client certificate is the one of its handshake, for its whole life.
  server.on('secureConnection', (socket: TLSSocket) => socket.disableRenegotiation());
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(port, host);
  // once() rejects when 'error' comes first (the port is taken).
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    serve(app) {
      handler = app;
    },
    async close(graceMs) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      const grace = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, graceMs);
      await closed;
      clearTimeout(grace);
      clearInterval(idle);
    },
  };
}
