import http2 from 'node:http2';
import { Code, ConnectError } from '@connectrpc/connect';
import { codeFromHttpStatus } from '@connectrpc/connect/protocol-grpc';
import { GRPC_CONTENT_TYPE, frame, resetError, trailerError, unframe } from './unary-wire.js';

export interface UnaryCallOptions {
  /** Deadline of the call, sent as grpc-timeout and enforced here. */
  timeoutMs: number;
  /** The caller's cancellation. */
  signal?: AbortSignal | undefined;
  /** Metadata (trace context, request id). */
  headers: Record<string, string>;
}

/**
 * Unary gRPC calls to one address over one HTTP/2 session, written straight on node:http2: a
 * call is one request stream with one framed message out and one in, with no per-call
 * async-iterable pipeline, header objects or abort controllers. The session opens on the first
 * call, is replaced after the peer's GOAWAY or a lost connection, closes after `idleMs` without
 * traffic, and keeps the process alive only while calls are in flight.
 *
 * Failures are ConnectErrors as connect-node reports them, so callers read them the same way: a
 * peer that cannot be reached is Unavailable with the socket error as its cause (ECONNREFUSED
 * tells the call never left), a reset stream maps its HTTP/2 code, a missed deadline is
 * DeadlineExceeded.
 */
export class UnaryChannel {
  private session: http2.ClientHttp2Session | undefined;
  /** Every open session with its calls in flight. */
  private readonly all = new Map<http2.ClientHttp2Session, number>();
  /** Why a session failed (ECONNREFUSED, a reset connection): the cause its streams report. */
  private readonly failures = new WeakMap<http2.ClientHttp2Session, Error>();
  private closed = false;

  constructor(
    /** The replica's address (its host and port name the peer on client spans). */
    readonly url: string,
    private readonly options: { servername?: string | undefined; idleMs: number },
  ) {}

  /** The sessions it holds now, the current one and any still finishing calls (diagnostics and tests). */
  sessions(): http2.ClientHttp2Session[] {
    return [...this.all.keys()];
  }

  /** Destroys every session; calls in flight fail as Unavailable. */
  close(): void {
    this.closed = true;
    for (const s of this.all.keys()) s.destroy();
    this.session = undefined;
  }

  call(path: string, message: Uint8Array, options: UnaryCallOptions): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new ConnectError('the client was closed', Code.Unavailable));
    if (options.signal?.aborted) return Promise.reject(new ConnectError('the operation was aborted', Code.Canceled));
    const session = this.current();
    return new Promise<Uint8Array>((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = session.request({
          ':method': 'POST',
          ':path': path,
          'content-type': GRPC_CONTENT_TYPE,
          te: 'trailers',
          'grpc-timeout': `${Math.max(1, Math.ceil(options.timeoutMs))}m`,
          ...options.headers,
        });
      } catch (err) {
        // The session went away between current() and request().
        reject(new ConnectError('the connection is gone', Code.Unavailable, undefined, undefined, err));
        return;
      }
      this.started(session);
      const chunks: Buffer[] = [];
      let headers: http2.IncomingHttpHeaders | undefined;
      let settled = false;
      const finish = (err: ConnectError | undefined, value?: Uint8Array) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        options.signal?.removeEventListener('abort', onAbort);
        this.ended(session);
        if (err) reject(err);
        else resolve(value!);
      };
      const deadline = setTimeout(() => {
        stream.close(http2.constants.NGHTTP2_CANCEL);
        finish(new ConnectError('the operation timed out', Code.DeadlineExceeded));
      }, options.timeoutMs);
      const onAbort = () => {
        stream.close(http2.constants.NGHTTP2_CANCEL);
        finish(new ConnectError('the operation was aborted', Code.Canceled, undefined, undefined, options.signal?.reason));
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      stream.on('response', (h) => {
        headers = h;
        const status = Number(h[':status']);
        if (status !== 200) finish(new ConnectError(`HTTP ${status}`, codeFromHttpStatus(status)));
        // Trailers-only: the status is in the headers and the stream ends with them.
        else if (h['grpc-status'] !== undefined) finish(trailerError(h) ?? new ConnectError('protocol error: no message', Code.Internal));
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('trailers', (trailers) => {
        const err = trailerError(trailers);
        if (err) return finish(err);
        try {
          finish(undefined, unframe(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
        } catch (e) {
          finish(ConnectError.from(e));
        }
      });
      stream.on('error', (err) => finish(this.lost(err, stream.rstCode, session)));
      stream.on('close', () => {
        if (settled) return;
        if (stream.rstCode && stream.rstCode !== http2.constants.NGHTTP2_NO_ERROR) return finish(resetError(stream.rstCode));
        finish(
          new ConnectError(headers ? 'protocol error: the stream ended without grpc-status' : 'the connection was lost', Code.Unavailable),
        );
      });
      stream.end(frame(message));
    });
  }

  /** A failed stream's status: its reset code, else the session's error (unreachable, lost). */
  private lost(err: Error, rstCode: number | undefined, session: http2.ClientHttp2Session): ConnectError {
    const cause = this.failures.get(session) ?? err;
    if (rstCode && rstCode !== http2.constants.NGHTTP2_NO_ERROR && rstCode !== http2.constants.NGHTTP2_CANCEL)
      return resetError(rstCode, cause);
    return new ConnectError(cause.message, Code.Unavailable, undefined, undefined, cause);
  }

  private current(): http2.ClientHttp2Session {
    const s = this.session;
    if (s && !s.closed && !s.destroyed) return s;
    const session = http2.connect(this.url, this.options.servername ? { servername: this.options.servername } : {});
    this.session = session;
    this.all.set(session, 0);
    session.unref();
    const retire = () => {
      if (this.session === session) this.session = undefined;
    };
    // A session error fails its streams (they report it); keeping it also names the cause.
    session.on('error', (err) => this.failures.set(session, err));
    session.on('goaway', retire);
    session.on('close', () => {
      retire();
      this.all.delete(session);
    });
    session.setTimeout(this.options.idleMs, () => {
      retire();
      session.close();
    });
    return session;
  }

  /** Keeps the process alive while a call is in flight on `session`. */
  private started(session: http2.ClientHttp2Session): void {
    const calls = (this.all.get(session) ?? 0) + 1;
    this.all.set(session, calls);
    if (calls === 1) session.ref();
  }

  private ended(session: http2.ClientHttp2Session): void {
    const calls = (this.all.get(session) ?? 1) - 1;
    if (!this.all.has(session)) return;
    this.all.set(session, calls);
    if (calls === 0 && !session.destroyed) session.unref();
  }
}
