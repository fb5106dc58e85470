/** A problem a developer command reports as one line (exit code 1). */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** A JSON answer of the public API. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The API key from `--api-key`, else the environment's (VRP_API_KEY); a missing one is a one-line error. */
export function apiKeyOf(option: string | boolean | undefined, fromEnv: string | undefined): string {
  const key = typeof option === 'string' ? option : fromEnv;
  if (!key) throw new CommandError('an API key is needed: pass --api-key vrp_sandbox_… (or set VRP_API_KEY)');
  return key;
}

/** One line for an error answer: `status code: message`. */
export function describeAnswer(answer: ApiAnswer): string {
  const error = (answer.body.error ?? {}) as { code?: string; message?: string };
  return `${answer.status} ${error.code ?? 'error'}: ${error.message ?? JSON.stringify(answer.body)}`;
}

/** Why a request never got an answer, in a few words (e.g. "connection refused"). */
export function networkProblem(err: unknown): string {
  let deepest = err instanceof Error ? err.message : String(err);
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (typeof code === 'string' && code) return code;
    deepest = e.message;
  }
  return deepest;
}

/** The public API over HTTP with a bearer API key: what `vrp trigger` and `vrp listen` use (never the database). */
export class PublicApi {
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    readonly apiKey: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  }

  /** Headers of every call. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.apiKey}`, 'user-agent': 'vrp-cli', ...extra };
  }

  /**
   * Sends one request; a refused key or an unreachable API is a CommandError, anything else is
   * answered. A 503 (a service restarting) is tried again a few times, as its Retry-After asks.
   */
  async send(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.sendOnce(method, path, body);
      if (answer.status !== 503 || attempt >= 5) return answer;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }

  private async sendOnce(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    let res: Response;
    try {
      res = await fetch(this.baseUrl + path, {
        method,
        headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      throw new CommandError(`cannot reach the API at ${this.baseUrl} (${networkProblem(err)})`);
    }
    const answer = { status: res.status, body: answerBody(await res.text()) };
    if (res.status === 401) throw new CommandError(`the API key was refused (${describeAnswer(answer)})`);
    return answer;
  }

  /** Sends a request that must answer `expected`; anything else is a CommandError naming the call. */
  async expect(expected: number, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const answer = await this.send(method, path, body);
    if (answer.status !== expected) throw new CommandError(`${method} ${path} answered ${describeAnswer(answer)}`);
    return answer.body;
  }
}

/** An answer's body as JSON, or `{ text }` when it is not JSON (a proxy's error page, say). */
export function answerBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}
