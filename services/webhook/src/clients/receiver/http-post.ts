import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { performance } from 'node:perf_hooks';
import { parseRetryAfter } from '../../domain/retry-after.js';
import { RefusedDestinationError, guardedLookup, literalRefusal, type AddressPolicy } from './address-guard.js';

/** The outcome of one POST, as an attempt records it. */
export interface PostResult {
  success: boolean;
  /** HTTP status received; 0 when none was. */
  statusCode: number;
  latencyMs: number;
  /** Empty on success. */
  error: string;
  /** The first 500 characters of the answer body ("" when none came). */
  responseExcerpt: string;
  /** True when the receiver (not our own policy) failed: counts against its circuit breaker. */
  receiverFault: boolean;
  /** The wait a 429 or 503 asked for in Retry-After (seconds or an HTTP date), in ms. */
  retryAfterMs?: number;
}

export interface PostOptions {
  timeoutMs: number;
  policy: AddressPolicy;
  /** Extra trusted CA certificates (PEM), added to the system ones. */
  extraCa?: string | undefined;
  /**
   * Keep-alive agents (from keepAliveAgents, made with the same policy and CA): connections to a
   * receiver are reused instead of a TCP and TLS handshake per attempt. Without them every POST
   * opens its own connection.
   */
  agents?: KeepAliveAgents;
}

export interface KeepAliveAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/**
 * Agents that keep connections to receivers open between attempts. The address guard runs when
 * a connection is made (`lookup`: the guarded resolution, or the worker's Destinations), so a
 * reused connection goes to an address that was allowed; idle ones are closed after 4 s, before
 * the common 5 s server keep-alive timeouts close them under us.
 */
export function keepAliveAgents(policy: AddressPolicy, extraCa?: string, lookup: unknown = guardedLookup(policy)): KeepAliveAgents {
  const common = { keepAlive: true, timeout: 4000, lookup: lookup as never };
  const agents = {
    http: new http.Agent(common),
    https: new https.Agent({ ...common, ...(extraCa ? { ca: [...rootCertificates, extraCa] } : {}) }),
  };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}

const MAX_RESPONSE_BYTES = 64 * 1024;
const EXCERPT_CHARS = 500;

/** What an attempt keeps of an answer: its first 500 characters, control characters (but newlines and tabs) shown as U+FFFD. */
export function responseExcerpt(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).toString('utf8');
  const shown = (c: string) => {
    const code = c.codePointAt(0)!;
    return (code < 0x20 && c !== '\n' && c !== '\t') || code === 0x7f ? '\ufffd' : c;
  };
  return [...text].slice(0, EXCERPT_CHARS).map(shown).join('');
}

function describe(err: NodeJS.ErrnoException): string {
  if (err instanceof RefusedDestinationError) return err.message;
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  return `${err.code ?? 'error'}: ${err.message}`;
}

/**
 * POSTs `body` to `url` and reports the outcome; never throws. Success means a 2xx status with
 * the whole answer received within `timeoutMs`. Redirects are not followed (a 3xx is a failure).
 */
export function postWebhook(url: URL, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  return post(url, body, headers, options, true);
}

function post(url: URL, body: string, headers: Record<string, string>, options: PostOptions, mayRetryStale: boolean): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refused = literalRefusal(options.policy, url.hostname);
  if (refused)
    return Promise.resolve({ success: false, statusCode: 0, latencyMs: 0, error: refused, receiverFault: false, responseExcerpt: '' });
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: elapsed() });
    };
    const agent = options.agents?.[url.protocol === 'https:' ? 'https' : 'http'];
    const req = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'vrp-webhooks/1' },
      ...(agent
        ? { agent }
        : {
            lookup: guardedLookup(options.policy) as never,
            agent: false,
            ...(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
          }),
    });
    // The whole exchange (connect, TLS, answer) must fit in the timeout, not each step.
    const timer = setTimeout(() => {
      finish({ success: false, statusCode: 0, error: `timed out after ${options.timeoutMs} ms`, receiverFault: true, responseExcerpt: '' });
      req.destroy();
    }, options.timeoutMs);
    req.on('response', (res) => {
      let received = 0;
      const kept: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        // 4 bytes per character at most: enough bytes for the excerpt, however the text is encoded.
        if (received < EXCERPT_CHARS * 4) kept.push(chunk);
        received += chunk.length;
        if (received > MAX_RESPONSE_BYTES) res.destroy();
      });
      const status = res.statusCode ?? 0;
      const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'], Date.now()) : undefined;
      const done = () => {
        const ok = status >= 200 && status < 300;
        finish({
          success: ok,
          statusCode: status,
          error: ok ? '' : `HTTP ${status}`,
          receiverFault: !ok,
          responseExcerpt: responseExcerpt(kept),
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        });
      };
      res.on('end', done);
      res.on('close', done);
      res.on('error', () => done());
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive connection the receiver closed just as we reused it: nothing reached it, so
      // the attempt goes again at once on a new connection (once), not counted as its failure.
      if (mayRetryStale && req.reusedSocket && err.code === 'ECONNRESET' && !settled) {
        settled = true;
        clearTimeout(timer);
        void post(url, body, headers, options, false).then(resolve);
        return;
      }
      finish({
        success: false,
        statusCode: 0,
        error: describe(err),
        receiverFault: !(err instanceof RefusedDestinationError),
        responseExcerpt: '',
      });
    });
    req.end(body);
  });
}
