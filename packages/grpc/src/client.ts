import type { ClientHttp2Session } from 'node:http2';
import type { DescMethodUnary, DescService } from '@bufbuild/protobuf';
import { createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { Http2SessionManager, createGrpcTransport } from '@connectrpc/connect-node';
import { ApiError } from '@vrp/errors';
import { currentRequestContext } from '@vrp/logging';
import { SpanKind, inSpan, injectTraceHeaders } from '@vrp/tracing';
import CircuitBreaker from 'opossum';
import { fromRemoteError, isClientFault, isDependencyUnavailable } from './error-mapping.js';

export interface ServiceClientOptions {
  /** e.g. http://127.0.0.1:50051 */
  baseUrl: string;
  /** Deadline of one call. */
  timeoutMs?: number;
  /** Breaker: failure percentage over the rolling window that opens the circuit. */
  errorThresholdPercentage?: number;
  /** Breaker: how long the circuit stays open before a trial call. */
  resetTimeoutMs?: number;
  /** Breaker: minimum calls in the window before it may open. */
  volumeThreshold?: number;
  /** Called when the circuit opens or closes, for logs and readiness. */
  onBreakerStateChange?: (state: 'open' | 'half_open' | 'closed') => void;
}

/** A typed client whose methods reject with ApiError, plus lifecycle controls. */
export type ServiceClient<S extends DescService> = Client<S> & {
  /** Aborts the HTTP/2 session so the process (and test servers) can exit. */
  close(): void;
  /** The breaker guarding every call of this client. */
  readonly breaker: CircuitBreaker;
  /** The HTTP/2 sessions it holds now (diagnostics and tests). */
  readonly sessions: () => ClientHttp2Session[];
};

/** The HTTP/2 sessions a manager holds now (its current one and any still shutting down). */
function sessionsOf(manager: Http2SessionManager): ClientHttp2Session[] {
  const internal = manager as unknown as { s?: { conn?: ClientHttp2Session }; shuttingDown?: { conn?: ClientHttp2Session }[] };
  return [internal.s?.conn, ...(internal.shuttingDown ?? []).map((s) => s.conn)].filter((c): c is ClientHttp2Session => c !== undefined);
}

const propagateRequestId: Interceptor = (next) => (req) => {
  const ctx = currentRequestContext();
  if (ctx?.requestId && !req.header.has('x-request-id')) req.header.set('x-request-id', ctx.requestId);
  return next(req);
};

/** Each call is a client span whose context travels in the request's `traceparent` metadata. */
const traceCalls: Interceptor = (next) => (req) => {
  const rpc = `${req.service.typeName}/${req.method.name}`;
  return inSpan(`rpc ${rpc}`, { kind: SpanKind.CLIENT, attributes: { 'rpc.system.name': 'grpc', 'rpc.method': rpc } }, () => {
    injectTraceHeaders((name, value) => req.header.set(name, value));
    return next(req);
  });
};

/**
 * A gRPC client of `service` over HTTP/2 with a deadline on every call, the caller's request
 * id and trace context propagated, remote failures decoded back into ApiError, and one opossum circuit breaker
 * in front: when the callee keeps failing, calls fail fast with `service_unavailable`
 * instead of piling up. A callee's verdict on a request (4xx reasons) and its report that one of
 * its own dependencies is down never trip the breaker.
 */
export function createServiceClient<S extends DescService>(service: S, options: ServiceClientOptions): ServiceClient<S> {
  const sessionManager = new Http2SessionManager(options.baseUrl, { idleConnectionTimeoutMs: 60_000 });
  const transport = createGrpcTransport({
    baseUrl: options.baseUrl,
    sessionManager,
    defaultTimeoutMs: options.timeoutMs ?? 5000,
    interceptors: [traceCalls, propagateRequestId],
  });
  const raw = createClient(service, transport) as unknown as Record<string, (req: unknown, opts?: unknown) => Promise<unknown>>;
  const breaker = new CircuitBreaker(
    async (method: string, req: unknown, opts: unknown) => {
      try {
        return await raw[method]!(req, opts);
      } catch (err) {
        throw fromRemoteError(err);
      }
    },
    {
      timeout: false,
      errorThresholdPercentage: options.errorThresholdPercentage ?? 50,
      resetTimeout: options.resetTimeoutMs ?? 5000,
      volumeThreshold: options.volumeThreshold ?? 10,
      // Only the callee's own failures count: not its verdicts, nor its report that a dependency is down.
      errorFilter: (err: unknown) => isClientFault(err) || isDependencyUnavailable(err),
    },
  );
  if (options.onBreakerStateChange) {
    const notify = options.onBreakerStateChange;
    breaker.on('open', () => notify('open'));
    breaker.on('halfOpen', () => notify('half_open'));
    breaker.on('close', () => notify('closed'));
  }
  const client: Record<string, unknown> = {};
  for (const method of service.methods) {
    if (method.methodKind !== 'unary') continue;
    const name = (method as DescMethodUnary).localName;
    client[name] = async (req: unknown, opts?: unknown) => {
      try {
        return await breaker.fire(name, req, opts);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // opossum's own rejections: the circuit is open or the breaker was shut down.
        throw new ApiError('service_unavailable', `${service.name} is unavailable; retry shortly.`, { retryAfter: 1, cause: err });
      }
    };
  }
  client.close = () => {
    breaker.shutdown();
    // connect-node destroys a session with an error when the peer sends GOAWAY (it is shutting
    // down too), and emits that error on the next tick. If this close removes the manager's
    // listeners in between, the error is unhandled and the process crashes mid-shutdown: keep
    // a listener on every session the manager still holds.
    for (const conn of sessionsOf(sessionManager)) conn.on('error', () => undefined);
    sessionManager.abort();
  };
  Object.defineProperty(client, 'breaker', { value: breaker });
  Object.defineProperty(client, 'sessions', { value: () => sessionsOf(sessionManager) });
  return client as ServiceClient<S>;
}
