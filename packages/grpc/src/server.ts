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
import { UnaryRoutes, type RpcCall } from '@vrp/grpc-fast';
import { grpcWire, type GrpcTransport } from './wire-mode.js';

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
  /** Which transport serves unary calls (default: the process's, see `useGrpcWire`). */
  transport?: GrpcTransport;
}

export interface GrpcServer {
  /** The bound port (useful with port 0). */
  readonly port: number;
  readonly health: HealthState;
  /** gRPC calls the hand-written unary path left to connect (compressed, streaming or unknown); 0 with the library's transport. */
  unaryFallbacks(): number;
  /** Stops accepting, aborts in-flight handlers' signals, waits for calls to finish, closes sessions. */
  close(): Promise<void>;
}

const HEALTH = 'grpc.health.v1.Health';

/**
 * Runs one RPC's handler inside the layers every call gets, outermost first:
 * - a server span continuing the caller's trace (`traceparent` in the metadata), so the access
 *   line, the handler's logs, its queries and the outbox rows it writes carry the trace (health
 *   checks are not traced);
 * - one access line (method, status code, duration, request id, merchant, trace id) and, with
 *   `metrics`, its count and duration, seeing the status the caller gets;
 * - the caller's request id in the logging context, and domain errors mapped to gRPC statuses
 *   (an unexpected error is logged and becomes internal_error).
 */
export function rpcPipeline(logger: Logger, metrics: Metrics | undefined) {
  const observed = async <T>(call: RpcCall, handle: () => Promise<T>): Promise<T> => {
    const method = `${call.service}/${call.method}`;
    const started = process.hrtime.bigint();
    let code = 'OK';
    try {
      return await handle();
    } catch (err) {
      code = Code[ConnectError.from(err).code] ?? 'Unknown';
      throw err;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics?.rpcDuration.observe({ rpc_system_name: 'grpc', rpc_method: method, rpc_response_status_code: code }, seconds);
      const requestId = call.header('x-request-id');
      // Every merchant-scoped request message names its merchant.
      const merchantId = (call.message as { merchantId?: unknown } | undefined)?.merchantId;
      // Probes call Health every few seconds: their lines only at debug.
      const log = call.service === HEALTH ? logger.debug : logger.info;
      log('rpc', {
        method,
        code,
        duration_ms: seconds * 1000,
        ...(requestId ? { request_id: requestId } : {}),
        ...(typeof merchantId === 'string' && merchantId ? { merchant_id: merchantId } : {}),
      });
    }
  };
  const withContext = <T>(call: RpcCall, handle: () => Promise<T>): Promise<T> =>
    withRequestContext({ requestId: call.header('x-request-id') ?? randomUUID() }, async () => {
      try {
        return await handle();
      } catch (err) {
        // Every 5xx is logged at error level, in the request's context (its request id).
        if (err instanceof ApiError) {
          if (err.httpStatus >= 500) logger.error('rpc failed', { rpc: call.method, code: err.code, err: err.cause ?? err });
          throw toConnectError(err);
        }
        if (err instanceof ConnectError) throw err;
        const apiError = unexpectedError(err);
        if (apiError.code === 'service_unavailable') logger.error('rpc failed: a dependency is unavailable', { rpc: call.method, err });
        else logger.error('unhandled error in rpc', { rpc: call.method, err });
        throw toConnectError(apiError);
      }
    });
  return <T>(call: RpcCall, handle: () => Promise<T>): Promise<T> => {
    const layered = () => observed(call, () => withContext(call, handle));
    if (call.service === HEALTH) return layered();
    const rpc = `${call.service}/${call.method}`;
    // OpenTelemetry's RPC conventions: named by the method, with the system, method and status code.
    return inSpan(
      rpc,
      {
        kind: SpanKind.SERVER,
        attributes: { 'rpc.system.name': 'grpc', 'rpc.method': rpc },
        parent: contextFromHeaders((name) => call.header(name) ?? undefined),
      },
      async (span) => {
        try {
          const result = await layered();
          span.setAttribute('rpc.response.status_code', 'OK');
          return result;
        } catch (err) {
          span.setAttribute('rpc.response.status_code', Code[ConnectError.from(err).code] ?? 'Unknown');
          throw err;
        }
      },
    );
  };
}

/** The pipeline as a connect interceptor, for the calls connect serves (streams, the Connect protocol). */
function pipelineInterceptor(run: ReturnType<typeof rpcPipeline>): Interceptor {
  return (next) => (req) =>
    run(
      {
        service: req.service.typeName,
        method: req.method.name,
        header: (name) => req.header.get(name),
        message: req.stream ? undefined : req.message,
      },
      () => next(req),
    );
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
  const run = rpcPipeline(options.logger, options.metrics);
  const fast = (options.transport ?? grpcWire().transport) === 'hand' ? new UnaryRoutes(run, shutdown.signal) : undefined;
  const connectHandler = connectNodeAdapter({
    routes: (router) => {
      const recording = fast ? fast.recording(router) : router;
      options.routes(recording);
      registerHealth(recording, health);
    },
    interceptors: [pipelineInterceptor(run)],
    shutdownSignal: shutdown.signal,
  });
  // With the hand-written transport, unary gRPC calls are served straight from node:http2 and
  // everything else (Health's Watch stream, the Connect protocol, compressed bodies) by connect;
  // with the library's, connect serves every call.
  const server = http2.createServer((req, res) => {
    if (!fast?.serve(req, res)) void connectHandler(req, res);
  });
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
  options.logger.info('grpc server listening', {
    port,
    services: options.serviceNames,
    codec: grpcWire().codec,
    transport: fast ? 'hand' : 'library',
  });
  const watch = options.dependencies
    ? new DependencyWatch(health, options.dependencies, options.logger, options.dependencyCheck ?? { intervalMs: 2000, timeoutMs: 1500 })
    : undefined;
  watch?.start();

  let closing: Promise<void> | undefined;
  return {
    port,
    health,
    unaryFallbacks: () => fast?.fallbacks ?? 0,
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
