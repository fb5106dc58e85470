import type http2 from 'node:http2';
import type { DescMessage, DescMethod, DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { codecOf } from '@vrp/protobuf-compiled';
import type { RpcCall } from './rpc-call.js';
import { GRPC_CONTENT_TYPE, errorTrailers, frame, unframe } from './unary-wire.js';

type Pipeline = <T>(call: RpcCall, handle: () => Promise<T>) => Promise<T>;
type UnaryImpl = (request: unknown, context: UnaryContext) => unknown;

/** What a unary handler may read of its call (the part of connect's HandlerContext ours use). */
export interface UnaryContext {
  readonly service: DescService;
  readonly method: DescMethod;
  /** Aborted when the caller cancels or gives up, its deadline (grpc-timeout) passes, or the server shuts down. */
  readonly signal: AbortSignal;
  readonly requestHeader: Headers;
}

interface Route {
  service: DescService;
  method: DescMethod & { input: DescMessage; output: DescMessage };
  impl: UnaryImpl;
}

/**
 * Serves unary gRPC calls straight from node:http2: the body is read, decoded, handed to the
 * registered implementation inside the RPC pipeline, and the answer written as one framed
 * message with `grpc-status: 0` in the trailers, or as a trailers-only error with the
 * ErrorDetail in `grpc-status-details-bin`. The same implementations stay registered with
 * connect, which serves whatever this does not take (streams, the Connect protocol, compressed
 * bodies, unknown methods), so every peer sees one service.
 */
export class UnaryRoutes {
  private readonly routes = new Map<string, Route>();
  /** gRPC calls left to connect since the server started. */
  fallbacks = 0;

  constructor(
    private readonly run: Pipeline,
    private readonly shutdown: AbortSignal,
  ) {}

  /** A router that records each unary implementation here and registers everything with `router`. */
  recording(router: ConnectRouter): ConnectRouter {
    const record = (service: DescService, method: DescMethod, impl: unknown) => {
      if (method.methodKind !== 'unary' || typeof impl !== 'function') return;
      this.routes.set(`/${service.typeName}/${method.name}`, { service, method, impl: impl as UnaryImpl });
    };
    const recorder: ConnectRouter = {
      get handlers() {
        return router.handlers;
      },
      service(service, implementation, options) {
        for (const method of service.methods) {
          const impl = (implementation as Record<string, unknown>)[method.localName];
          record(service, method, typeof impl === 'function' ? impl.bind(implementation) : undefined);
        }
        router.service(service, implementation, options);
        return recorder;
      },
      rpc(method, implementation, options) {
        record(method.parent, method, implementation);
        router.rpc(method, implementation, options);
        return recorder;
      },
    };
    return recorder;
  }

  /** Serves the call when it is a plain unary gRPC call of a recorded method; false leaves it to connect. */
  serve(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse): boolean {
    const headers = req.headers;
    const contentType = headers['content-type'];
    if (req.method !== 'POST' || (contentType !== GRPC_CONTENT_TYPE && contentType !== 'application/grpc+proto')) return false;
    const encoding = headers['grpc-encoding'];
    const route = this.routes.get(req.url);
    // A gRPC call this path does not serve (a compressed body, a stream, an unknown method) goes to connect, and is counted.
    if ((encoding !== undefined && encoding !== 'identity') || !route) {
      this.fallbacks++;
      return false;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void this.answer(route, req, res, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    return true;
  }

  private async answer(route: Route, req: http2.Http2ServerRequest, res: http2.Http2ServerResponse, body: Buffer): Promise<void> {
    let message: unknown;
    try {
      message = codecOf(route.method.input).decode(unframe(body));
    } catch (err) {
      return this.fail(res, new ConnectError(`invalid request: ${(err as Error).message}`, Code.InvalidArgument));
    }
    const context = callContext(route, req, this.shutdown);
    // The caller's deadline holds here too, whether or not the caller resets the stream when it
    // passes: the handler's signal aborts and the call ends DEADLINE_EXCEEDED.
    const timeoutMs = grpcTimeoutMs(header(req, 'grpc-timeout'));
    const deadline =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            const expired = new ConnectError('the deadline passed before the call was answered', Code.DeadlineExceeded);
            context.abort(expired);
            this.fail(res, expired);
          }, timeoutMs);
    try {
      const out = await this.run(
        { service: route.service.typeName, method: route.method.name, header: (name) => header(req, name), message },
        async () => route.impl(message, context),
      );
      if (res.stream.destroyed || res.stream.headersSent) return;
      // A handler may answer with an init object; the codec encodes it as the message create() makes of it.
      const reply = codecOf(route.method.output).encode(out as never);
      res.writeHead(200, { 'content-type': GRPC_CONTENT_TYPE });
      res.addTrailers({ 'grpc-status': '0' });
      res.end(frame(reply));
    } catch (err) {
      this.fail(res, ConnectError.from(err));
    } finally {
      clearTimeout(deadline);
      context.done();
    }
  }

  /** A trailers-only answer: the status (and ErrorDetail) in the one header block that ends the stream. */
  private fail(res: http2.Http2ServerResponse, error: ConnectError): void {
    const stream = res.stream;
    if (stream.destroyed || stream.headersSent) return;
    stream.respond({ ':status': 200, 'content-type': GRPC_CONTENT_TYPE, ...errorTrailers(error) }, { endStream: true });
  }
}

const TIMEOUT_UNIT_MS: Record<string, number> = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 0.001, n: 0.000001 };

/** A `grpc-timeout` header (up to 8 digits and a unit, H M S m u n) in ms; undefined when absent or malformed. */
export function grpcTimeoutMs(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^(\d{1,8})([HMSmun])$/.exec(value);
  return match ? Number(match[1]) * TIMEOUT_UNIT_MS[match[2]!]! : undefined;
}

function header(req: http2.Http2ServerRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The handler's context. Its signal and headers are built only when read: most handlers read
 * neither, and an AbortController per call is measurable.
 */
function callContext(
  route: Route,
  req: http2.Http2ServerRequest,
  shutdown: AbortSignal,
): UnaryContext & { abort(reason: ConnectError): void; done(): void } {
  let controller: AbortController | undefined;
  let cleanup: (() => void) | undefined;
  let requestHeader: Headers | undefined;
  let aborted: ConnectError | undefined;
  return {
    service: route.service,
    method: route.method,
    get signal() {
      if (!controller) {
        const c = (controller = new AbortController());
        const onClose = () => c.abort(new ConnectError('the caller went away', Code.Canceled));
        const onShutdown = () => c.abort(shutdown.reason);
        req.stream.once('close', onClose);
        shutdown.addEventListener('abort', onShutdown, { once: true });
        if (shutdown.aborted) onShutdown();
        if (aborted) c.abort(aborted);
        cleanup = () => {
          req.stream.off('close', onClose);
          shutdown.removeEventListener('abort', onShutdown);
        };
      }
      return controller.signal;
    },
    get requestHeader() {
      if (!requestHeader) {
        requestHeader = new Headers();
        for (const [key, value] of Object.entries(req.headers)) {
          if (!key.startsWith(':') && value !== undefined) requestHeader.set(key, Array.isArray(value) ? value.join(', ') : value);
        }
      }
      return requestHeader;
    },
    abort(reason) {
      aborted = reason;
      controller?.abort(reason);
    },
    done: () => cleanup?.(),
  };
}
