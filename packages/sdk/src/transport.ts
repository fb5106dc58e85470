import { VrpApiError, VrpConnectionError } from './errors.js';

/** Per-call options. */
export interface RequestOptions {
  /** The Idempotency-Key of a POST; one is generated when absent, and kept across retries. */
  idempotencyKey?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** Aborts the call (and its retries). */
  signal?: AbortSignal;
}

export interface TransportOptions {
  /** The gateway's address without /v1, e.g. https://sandbox.vrp.example.com. */
  baseUrl: string;
  /**
   * A merchant API token (`vrp_sandbox_…` or `vrp_live_…`). Omit it only in a browser signed in to
   * the Merchant Console: the session cookie authenticates, and `headers` must carry its X-CSRF-Token.
   */
  token?: string;
  /** Headers sent with every call (e.g. the console session's X-CSRF-Token). */
  headers?: Record<string, string>;
  /** Retries of a 429, 5xx or unreachable API; default 2. */
  maxRetries?: number;
  /** Longest single wait between attempts, even if Retry-After asks for more; default 30 s. */
  maxRetryDelayMs?: number;
  /** The fetch to use (tests, proxies); default the global one. */
  fetch?: typeof fetch;
  /** Waits between attempts; default a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/** Statuses worth a retry: the request may succeed later unchanged. */
const RETRYABLE = new Set([429, 500, 502, 503, 504]);

/** Sends one API call: auth, JSON, idempotency keys on POST, retries honouring Retry-After, typed errors. */
export class Transport {
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TransportOptions) {
    // Called through a wrapper: a browser's fetch throws "Illegal invocation" when called as another object's method.
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async request<T>(method: string, path: string, call: RequestOptions & { body?: unknown; query?: object } = {}): Promise<T> {
    const url = new URL(path, this.options.baseUrl);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value === undefined) continue;
      // A record (`metadata`) is a deepObject: one `name[key]=value` parameter per entry.
      if (typeof value === 'object' && value !== null) {
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) url.searchParams.set(`${name}[${k}]`, String(v));
      } else url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(this.options.token !== undefined ? { authorization: `Bearer ${this.options.token}` } : {}),
      ...this.options.headers,
      ...call.headers,
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    // One key for every attempt of this call: a retry after a lost answer replays, never creates twice.
    if (method === 'POST') headers['idempotency-key'] = call.idempotencyKey ?? globalThis.crypto.randomUUID();
    const maxRetries = this.options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetch(url, {
          method,
          headers,
          ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
          ...(call.signal ? { signal: call.signal } : {}),
        });
      } catch (err) {
        if (call.signal?.aborted || attempt >= maxRetries)
          throw new VrpConnectionError(`${method} ${url.pathname} could not reach the API`, { cause: err });
        await this.sleep(this.backoff(attempt, undefined));
        continue;
      }
      const text = await response.text();
      // A file (an export's download, CSV or JSONL) comes back as its text; every other answer is JSON.
      const file = /^(text\/csv|application\/x-ndjson)/.test(response.headers.get('content-type') ?? '');
      const body: unknown = !text ? undefined : file ? text : JSON.parse(text);
      if (response.ok) return body as T;
      const error = new VrpApiError(response.status, body, response.headers);
      if (!RETRYABLE.has(response.status) || attempt >= maxRetries) throw error;
      await this.sleep(this.backoff(attempt, error.retryAfter));
    }
  }

  /** Retry-After when the API gave it, else 0.5 s, 1 s, 2 s … with jitter; never more than maxRetryDelayMs. */
  private backoff(attempt: number, retryAfterSeconds: number | undefined): number {
    const wanted = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : 500 * 2 ** attempt * (0.5 + Math.random() / 2);
    return Math.min(wanted, this.options.maxRetryDelayMs ?? 30_000);
  }
}
