import type http2 from 'node:http2';
import type { DescMethodUnary } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { Http2SessionManager, createGrpcTransport } from '@connectrpc/connect-node';

/** The HTTP/2 session manager of connect-node, remembering the sessions its calls went over. */
class TrackedSessions extends Http2SessionManager {
  readonly open = new Set<http2.ClientHttp2Session>();

  override async request(...args: Parameters<Http2SessionManager['request']>): Promise<http2.ClientHttp2Stream> {
    const stream = await super.request(...args);
    const session = stream.session as http2.ClientHttp2Session | undefined;
    if (session && !this.open.has(session)) {
      this.open.add(session);
      session.once('close', () => this.open.delete(session));
    }
    return stream;
  }
}

/**
 * Unary calls to one replica over connect-node's gRPC transport: its HTTP/2 session manager
 * (keep-alive pings, GOAWAY handling, idle close) and protobuf-es's toBinary/fromBinary.
 */
export class LibraryChannel {
  private readonly manager: TrackedSessions;
  private readonly transport: Transport;

  constructor(
    readonly url: string,
    options: { servername?: string | undefined; idleMs: number },
  ) {
    this.manager = new TrackedSessions(
      url,
      { idleConnectionTimeoutMs: options.idleMs },
      options.servername ? { servername: options.servername } : {},
    );
    this.transport = createGrpcTransport({ baseUrl: url, sessionManager: this.manager });
  }

  sessions(): http2.ClientHttp2Session[] {
    return [...this.manager.open].filter((s) => !s.closed && !s.destroyed);
  }

  close(): void {
    // connect-node destroys a session with an error when the peer sends GOAWAY (it is shutting
    // down too), and emits that error on the next tick. If this close removes the manager's
    // listeners in between, the error is unhandled and the process crashes mid-shutdown: keep
    // a listener on every session the manager still holds.
    for (const session of this.manager.open) session.on('error', () => undefined);
    this.manager.abort();
  }

  async call(
    method: DescMethodUnary,
    message: unknown,
    options: { timeoutMs: number; signal?: AbortSignal | undefined; headers: Record<string, string> },
  ): Promise<unknown> {
    const response = await this.transport.unary(method, options.signal, options.timeoutMs, options.headers, message as never);
    return response.message;
  }
}
