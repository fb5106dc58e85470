import { setMaxListeners } from 'node:events';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { ConnectRouter, Interceptor } from '@connectrpc/connect';
import { Code, ConnectError } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { ApiError, unexpectedError } from '@vrp/errors';
import { withRequestContext, type Logger } from '@vrp/logging';
import type { Metrics } from '@vrp/metrics';
import { SpanKind, contextFromHeaders, inSpan } from '@vrp/tracing';
import { randomUUID } from 'node:crypto';
import { toConnectError } from './error-mapping.js';
import { DependencyWatch, type DependencyChecks } from './dependency-watch.js';
import { HealthState, registerHealth } from './health.js';

export interface GrpcServerOptions {
  /** Registers the service implementations on the router. */
  routes: (router: ConnectRouter) => void;
  /** Fully qualified service names reported by grpc.health.v1 (besides ""). */
  serviceNames: string[];
  port: number;
  host?: string;
  logger: Logger;
  /** How long shutdown waits for in-flight calls before cutting connections. */
  shutdownGraceMs?: number;
  /** Where RPC counts and durations are recorded (by method and status code). */
  metrics?: Metrics;
  /** The service's own dependencies (its Postgres, NATS): while one does not answer, health says NOT_SERVING. */
  dependencies?: DependencyChecks;
  /** How often the dependencies are checked (default 2 s) and how long each may take (default 1.5 s). */
  dependencyCheck?: { intervalMs: number; timeoutMs: number };
}

export interface GrpcServer {
  /** The bound port (useful with port 0). */
  readonly port: number;
  readonly health: HealthState;
  /** Stops accepting, aborts in-flight handlers' signals, waits for calls to finish, closes sessions. */
  close(): Promise<void>;
}

/** Puts the caller's request id into the logging context and maps domain errors to gRPC statuses. */
function contextAndErrors(logger: Logger): Interceptor {
  return (next) => async (req) => {
    const requestId = req.header.get('x-request-id') ?? randomUUID();
    return withRequestContext({ requestId }, async () => {
      try {
        return await next(req);
      } catch (err) {
        if (err instanceof ApiError) throw toConnectError(err);
        if (err instanceof ConnectError) throw err;
        const apiError = unexpectedError(err);
        if (apiError.code === 'service_unavailable') logger.warn('rpc failed: a dependency is unavailable', { rpc: req.method.name, err });
        else logger.error('unhandled error in rpc', { rpc: req.method.name, err });
        throw toConnectError(apiError);
      }
    });
  };
}

/**
 * Each RPC is a server span continuing the caller's trace (`traceparent` in the metadata), so the
 * access line, the handler's logs, its queries and the outbox rows it writes carry the trace.
 * Health checks are not traced.
 */
function traceRpcs(): Interceptor {
  return (next) => (req) => {
    if (req.service.typeName === 'grpc.health.v1.Health') return next(req);
    const rpc = `${req.service.typeName}/${req.method.name}`;
    return inSpan(
      `rpc ${rpc}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'rpc.system.name': 'grpc', 'rpc.method': rpc },
        parent: contextFromHeaders((name) => req.header.get(name)),
      },
      () => next(req),
    );
  };
}

/**
 * One access line per RPC (method, status code, duration, request id, merchant, and the trace id
 * the logger adds inside the RPC's span) and, with `metrics`, its
 * count and duration. Outermost, so it sees the status the caller gets.
 */
function observeRpcs(logger: Logger, metrics: Metrics | undefined): Interceptor {
  return (next) => async (req) => {
    const method = `${req.service.typeName}/${req.method.name}`;
    const started = process.hrtime.bigint();
    let code = 'OK';
    try {
      return await next(req);
    } catch (err) {
      code = Code[ConnectError.from(err).code] ?? 'Unknown';
      throw err;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics?.rpcDuration.observe({ method }, seconds);
      metrics?.rpcs.inc({ method, code });
      const requestId = req.header.get('x-request-id');
      // Every merchant-scoped request message names its merchant.
      const merchantId = req.stream ? undefined : (req.message as { merchantId?: unknown }).merchantId;
      // Probes call Health every few seconds: their lines only at debug.
      const log = req.service.typeName === 'grpc.health.v1.Health' ? logger.debug : logger.info;
      log('rpc', {
        method,
        code,
        duration_ms: seconds * 1000,
        ...(requestId ? { request_id: requestId } : {}),
        ...(typeof merchantId === 'string' && merchantId ? { merchant_id: merchantId } : {}),
      });
    }
  };
}

/**
 * Starts an HTTP/2 cleartext server speaking gRPC (and Connect) with grpc.health.v1. Every
 * service uses it, so they all start, report health and shut down the same way.
 */
export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServer> {
  const health = new HealthState(options.serviceNames);
  const shutdown = new AbortController();
  // Every in-flight call listens on this signal; many concurrent calls are normal, not a leak.
  setMaxListeners(0, shutdown.signal);
  const handler = connectNodeAdapter({
    routes: (router) => {
      options.routes(router);
      registerHealth(router, health);
    },
    interceptors: [traceRpcs(), observeRpcs(options.logger, options.metrics), contextAndErrors(options.logger)],
    shutdownSignal: shutdown.signal,
  });
  const server = http2.createServer(handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info('grpc server listening', { port, services: options.serviceNames });
  const watch = options.dependencies
    ? new DependencyWatch(health, options.dependencies, options.logger, options.dependencyCheck ?? { intervalMs: 2000, timeoutMs: 1500 })
    : undefined;
  watch?.start();

  let closing: Promise<void> | undefined;
  return {
    port,
    health,
    close() {
      closing ??= (async () => {
        watch?.stop();
        health.shutdown();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const session of sessions) session.close();
        const grace = setTimeout(() => {
          shutdown.abort(new Error('server shutting down'));
          for (const session of sessions) session.destroy();
        }, options.shutdownGraceMs ?? 5000);
        await closed;
        clearTimeout(grace);
        shutdown.abort(new Error('server shut down'));
      })();
      return closing;
    },
  };
}
