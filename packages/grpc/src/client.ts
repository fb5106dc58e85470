import type { ClientHttp2Session } from 'node:http2';
import type { DescMethodUnary, DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, type Client } from '@connectrpc/connect';
import { common } from '@vrp/contracts';
import { codecOf } from '@vrp/protobuf-compiled';
import { ApiError } from '@vrp/errors';
import { currentRequestContext } from '@vrp/logging';
import { SpanKind, inSpan, injectTraceHeaders } from '@vrp/tracing';
import CircuitBreaker from 'opossum';
import {
  Balancer,
  dnsResolver,
  needsResolution,
  parseServiceAddress,
  resolveTargets,
  type Address,
  type Endpoint,
  type Resolver,
} from './balancer.js';
import { fromRemoteError, isClientFault, isDependencyUnavailable } from './error-mapping.js';
import { LibraryChannel } from './library-channel.js';
import { UnaryChannel } from '@vrp/grpc-fast';
import { grpcWire, type GrpcTransport } from './wire-mode.js';

export interface ServiceClientOptions {
  /**
   * Where the service's replicas are: e.g. `http://127.0.0.1:50051`, several comma-separated
   * (`http://127.0.0.1:50051,127.0.0.1:50061`), or a name resolving to several addresses (a
   * headless Service: `http://payment:50052`), re-resolved every `resolveIntervalMs`.
   */
  baseUrl: string;
  /** How often names in `baseUrl` are resolved again, as replicas come and go (default 10 s). */
  resolveIntervalMs?: number;
  /** Name resolution (default: the system resolver, every address of the name). */
  resolve?: Resolver;
  /** How long an address whose call failed at the transport level gets no calls (default 2 s, doubling to 30 s). */
  ejectMs?: number;
  /** Methods safe to send twice, retried once on another replica after a transport failure (default: Get*, List*, Check). */
  isIdempotent?: (methodName: string) => boolean;
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
  /** Which transport carries the calls (default: the process's, see `useGrpcWire`). */
  transport?: GrpcTransport;
}

/** A typed client whose methods reject with ApiError, plus lifecycle controls. */
export type ServiceClient<S extends DescService> = Client<S> & {
  /** Aborts the HTTP/2 session so the process (and test servers) can exit. */
  close(): void;
  /** The breaker guarding every call of this client. */
  readonly breaker: CircuitBreaker;
  /** The HTTP/2 sessions it holds now, over every replica (diagnostics and tests). */
  readonly sessions: () => ClientHttp2Session[];
  /** The replica addresses in rotation now. */
  readonly addresses: () => string[];
};

/** What a call sends along: the caller's request id and, inside a client span, its trace context. */
function callHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const requestId = currentRequestContext()?.requestId;
  if (requestId) headers['x-request-id'] = requestId;
  injectTraceHeaders((name, value) => (headers[name] = value));
  return headers;
}

/** Per-call options a caller may pass (as connect's CallOptions: a deadline, a cancellation). */
interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Reads are safe to repeat on another replica. */
const defaultIdempotent = (name: string): boolean => /^(Get|List|Check)/.test(name);

/**
 * True when a call failed in the transport, not in the callee's code: the replica is unreachable,
 * or it was lost mid-call (a status without our ErrorDetail, see error-mapping).
 */
function isTransportFailure(err: unknown): boolean {
  const e = ConnectError.from(err);
  if (![Code.Unavailable, Code.Internal, Code.Unknown, Code.Aborted].includes(e.code)) return false;
  return e.findDetails(common.ErrorDetailSchema).length === 0;
}

const NOT_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT']);

/** True when the call never reached the callee (no connection), so sending it elsewhere cannot do it twice. */
function neverSent(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return true;
  }
  return false;
}

/** One replica's connection: unary calls of typed messages, its HTTP/2 sessions, closing. */
interface Replica {
  readonly url: string;
  call(
    method: DescMethodUnary,
    message: unknown,
    options: { timeoutMs: number; signal?: AbortSignal | undefined; headers: Record<string, string> },
  ): Promise<unknown>;
  sessions(): ClientHttp2Session[];
  close(): void;
}

/** The hand-written transport: UnaryChannel with the codec `codecOf` hands out. */
function handReplica(channel: UnaryChannel): Replica {
  return {
    url: channel.url,
    async call(method, message, options) {
      const reply = await channel.call(
        `/${method.parent.typeName}/${method.name}`,
        codecOf(method.input).encode(message as never),
        options,
      );
      return codecOf(method.output).decode(reply);
    },
    sessions: () => channel.sessions(),
    close: () => channel.close(),
  };
}

/**
 * A gRPC client of `service` over HTTP/2 with a deadline on every call, the caller's request
 * id and trace context propagated, remote failures decoded back into ApiError, and one opossum circuit breaker
 * in front: when the callee keeps failing, calls fail fast with `service_unavailable`
 * instead of piling up. A callee's verdict on a request (4xx reasons) and its report that one of
 * its own dependencies is down never trip the breaker.
 *
 * Calls are balanced over every replica of the service (one HTTP/2 session per address, least
 * requests, ties round robin). A replica whose call fails at the transport level is ejected for
 * a while; the call is sent once more to another replica when it is a read or never reached the
 * first one. The breaker sees the outcome after that retry.
 *
 * Unary calls go straight over node:http2 (UnaryChannel), the gRPC wire format that connect,
 * grpc-js and every other gRPC peer speak; connect's per-call machinery cost about three times
 * the CPU of the call itself on the payment path.
 */
export function createServiceClient<S extends DescService>(service: S, options: ServiceClientOptions): ServiceClient<S> {
  const targets = parseServiceAddress(options.baseUrl);
  const isIdempotent = options.isIdempotent ?? defaultIdempotent;
  const defaultTimeoutMs = options.timeoutMs ?? 5000;
  const transport = options.transport ?? grpcWire().transport;
  const openReplica = (address: Address): Replica => {
    const channelOptions = { servername: address.servername, idleMs: 60_000 };
    return transport === 'library'
      ? new LibraryChannel(address.url, channelOptions)
      : handReplica(new UnaryChannel(address.url, channelOptions));
  };
  /** One call on one replica: a client span whose context travels in the metadata. */
  const invoke = (channel: Replica, method: DescMethodUnary, req: unknown, opts: CallOptions | undefined): Promise<unknown> => {
    const rpc = `${service.typeName}/${method.name}`;
    // The replica's host and port, when its address parses as a URL.
    const peer = URL.parse(channel.url);
    const attributes = {
      'rpc.system.name': 'grpc',
      'rpc.method': rpc,
      ...(peer ? { 'server.address': peer.hostname, 'server.port': Number(peer.port) || (peer.protocol === 'https:' ? 443 : 80) } : {}),
    };
    return inSpan(rpc, { kind: SpanKind.CLIENT, attributes }, async () => {
      return channel.call(method, req, {
        timeoutMs: opts?.timeoutMs ?? defaultTimeoutMs,
        signal: opts?.signal,
        headers: callHeaders(),
      });
    });
  };
  const balancer = new Balancer<Replica>(openReplica, abortReplica, options.ejectMs !== undefined ? { baseEjectMs: options.ejectMs } : {});

  let refreshing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const refresh = (): Promise<void> =>
    (refreshing ??= resolveTargets(targets, options.resolve ?? dnsResolver)
      .then((addresses) => {
        // A failed or empty answer keeps the replicas known so far.
        if (!closed && addresses.length > 0) balancer.update(addresses);
      })
      .catch(() => undefined)
      .finally(() => {
        refreshing = undefined;
      }));
  if (needsResolution(targets)) {
    void refresh();
    timer = setInterval(() => void refresh(), options.resolveIntervalMs ?? 10_000);
    timer.unref();
  } else {
    balancer.update(targets.map((t) => ({ url: `${t.scheme}//${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}` })));
  }

  const attempt = async (
    endpoint: Endpoint<Replica>,
    method: DescMethodUnary,
    req: unknown,
    opts: CallOptions | undefined,
  ): Promise<unknown> => {
    try {
      return await balancer.run(endpoint, (replica) => invoke(replica, method, req, opts));
    } catch (err) {
      if (isTransportFailure(err)) balancer.eject(endpoint);
      else endpoint.failures = 0;
      throw err;
    }
  };
  const call = async (method: DescMethodUnary, idempotent: boolean, req: unknown, opts: CallOptions | undefined): Promise<unknown> => {
    let first = balancer.pick();
    if (!first && refreshing) {
      await refreshing;
      first = balancer.pick();
    }
    if (!first) throw new ApiError('service_unavailable', `${service.name} has no reachable address; retry shortly.`, { retryAfter: 1 });
    try {
      return await attempt(first, method, req, opts);
    } catch (err) {
      const second = isTransportFailure(err) && (idempotent || neverSent(err)) ? balancer.pick(first) : undefined;
      if (!second) throw err;
      return attempt(second, method, req, opts);
    }
  };

  const breaker = new CircuitBreaker(
    async (method: DescMethodUnary, idempotent: boolean, req: unknown, opts: CallOptions | undefined) => {
      try {
        return await call(method, idempotent, req, opts);
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
    const unary = method as DescMethodUnary;
    const idempotent = isIdempotent(method.name);
    client[unary.localName] = async (req: unknown, opts?: CallOptions) => {
      try {
        return await breaker.fire(unary, idempotent, req, opts);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // opossum's own rejections: the circuit is open or the breaker was shut down.
        throw new ApiError('service_unavailable', `${service.name} is unavailable; retry shortly.`, { retryAfter: 1, cause: err });
      }
    };
  }
  client.close = () => {
    closed = true;
    if (timer) clearInterval(timer);
    breaker.shutdown();
    balancer.close();
  };
  Object.defineProperty(client, 'breaker', { value: breaker });
  Object.defineProperty(client, 'sessions', { value: () => balancer.connections().flatMap((r) => r.sessions()) });
  Object.defineProperty(client, 'addresses', { value: () => balancer.addresses() });
  return client as ServiceClient<S>;
}

function abortReplica(replica: Replica): void {
  replica.close();
}
