import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Express, RequestHandler } from 'express';
import { ApiError } from '@vrp/errors';
import type { Logger } from '@vrp/logging';
import { errorBody } from './middleware/error-handler.js';

/** Largest request head Node's parser accepts; beyond it clientError answers (see below). */
export const MAX_HEADER_BYTES = 64 * 1024;
/** Longest request target (path and query) a route is given; longer ones are a validation_error. */
export const MAX_URL_LENGTH = 8 * 1024;

/** Refuses request targets longer than MAX_URL_LENGTH with the documented error body. */
export function limitUrlLength(): RequestHandler {
  return (req, _res, next) => {
    if (req.originalUrl.length > MAX_URL_LENGTH) {
      return next(new ApiError('validation_error', `The request URL may be at most ${MAX_URL_LENGTH} characters long`, { param: 'query' }));
    }
    next();
  };
}

/**
 * The gateway's HTTP server. Requests Node's parser refuses before Express ever sees them
 * (a head over MAX_HEADER_BYTES, a malformed request line or header) are answered here in the
 * same shape as every other error: a JSON error body and an X-Request-Id, never a bare status.
 */
export function createGatewayServer(app: Express, logger: Logger): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const requestId = `req_${randomUUID().replaceAll('-', '')}`;
    const apiError = new ApiError(
      'validation_error',
      tooLarge ? `The request line and headers may be at most ${MAX_HEADER_BYTES} bytes` : 'The request could not be parsed as HTTP/1.1',
      { param: tooLarge ? 'headers' : 'request' },
    );
    const body = JSON.stringify(errorBody(apiError, requestId));
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    logger.info('refused a request the HTTP parser could not read', { code: err.code, request_id: requestId });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

/** The gateway's HTTP server once listening. */
export interface ListeningServer {
  port: number;
  /** Requests received and not yet answered (or abandoned by their client). */
  inFlight(): number;
  /** Stops accepting, lets in-flight requests finish, and cuts what is still open after `graceMs`. */
  close(graceMs: number): Promise<void>;
}

/** Serves `app` on host:port (0 for any) and tracks its connections and requests for a graceful close. */
export async function listen(app: Express, logger: Logger, host: string, port: number): Promise<ListeningServer> {
  const server: Server = createGatewayServer(app, logger);
  server.listen(port, host);
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
  return {
    port: (server.address() as AddressInfo).port,
    inFlight: () => inFlight,
    async close(graceMs) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections become idle as their last request finishes; close them as they do.
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
