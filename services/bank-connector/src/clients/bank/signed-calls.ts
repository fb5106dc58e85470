import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import type { JWTVerifyGetKey } from 'jose';
import type { Logger } from '@vrp/logging';
import type { Metrics } from '@vrp/metrics';
import {
  FAPI_INTERACTION_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  JWS_SIGNATURE_HEADER,
  obErrorResponse,
  signMessage,
  verifyMessage,
  type MessageSigner,
} from '@vrp/open-banking';
import CircuitBreaker from 'opossum';
import type { ZodType } from 'zod';
import type { AuthorisationServer } from './authorisation-server.js';
import type { BankCallMetrics } from './call-metrics.js';
import { BankRefusal, BankUnavailable } from './bank-errors.js';

/** One call to a bank resource. */
export interface BankCall<T> {
  /** The endpoint's name for metrics and logs, e.g. `POST /domestic-vrps`. */
  endpoint: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** The access token: the consent's, or omitted for a client-credentials token. */
  token?: string;
  /** The request body, signed (x-jws-signature) as the exact bytes sent. */
  body?: unknown;
  /** x-idempotency-key (every POST has one, derived from what makes the request unique). */
  idempotencyKey?: string;
  /** Validates the answer's body; omitted when the answer has none (DELETE). */
  schema?: ZodType<T>;
}

/** A trusted answer: its status, its validated body and the interaction id it carried. */
export interface BankAnswer<T> {
  status: number;
  body: T;
  interactionId: string;
}

export interface SignedCallsOptions {
  authorisationServer: AuthorisationServer;
  signer: MessageSigner;
  /** Who signs the bank's answers (`http://openbanking.org.uk/iss`), and the anchors trusted. */
  bankSigner: { issuer: () => Promise<string>; trustAnchors: readonly string[]; keys: () => Promise<JWTVerifyGetKey> };
  logger: Logger;
  /** Where each call is counted and timed. */
  callMetrics?: BankCallMetrics;
  /** Where the breaker's state is shown. */
  metrics?: Metrics;
  /** Extra tries of an idempotent call after a 5xx or no answer, with backoff from `retryBaseMs`. */
  retries?: number;
  retryBaseMs?: number;
  breaker?: { resetTimeoutMs?: number; volumeThreshold?: number; errorThresholdPercentage?: number };
}

/**
 * Calls to the bank's resource server the way the OB security profile says: over mutual TLS (the
 * authorisation server's configuration carries the transport), with an access token,
 * `x-fapi-interaction-id` (logged on every line of the call), `x-idempotency-key` on POSTs, the
 * body signed in `x-jws-signature`, and the answer trusted only when its signature verifies with the
 * bank's keys and its body fits the schema. Idempotent calls (GET, DELETE, keyed POSTs) are tried
 * again after a 5xx or no answer; one opossum breaker guards them all: while the bank keeps failing,
 * calls fail at once. A refusal (4xx) is the bank's verdict and never opens the breaker.
 */
export class SignedCalls {
  private readonly breaker: CircuitBreaker<[BankCall<unknown>, string], BankAnswer<unknown>>;

  constructor(private readonly options: SignedCallsOptions) {
    this.breaker = new CircuitBreaker((call: BankCall<unknown>, interactionId: string) => this.withRetries(call, interactionId), {
      timeout: false,
      resetTimeout: options.breaker?.resetTimeoutMs ?? 5000,
      volumeThreshold: options.breaker?.volumeThreshold ?? 5,
      errorThresholdPercentage: options.breaker?.errorThresholdPercentage ?? 50,
      errorFilter: (err: unknown) => err instanceof BankRefusal,
    });
    if (options.metrics) {
      const metrics = options.metrics;
      this.breaker.on('open', () => metrics.breakerChanged('bank', 'open'));
      this.breaker.on('halfOpen', () => metrics.breakerChanged('bank', 'half_open'));
      this.breaker.on('close', () => metrics.breakerChanged('bank', 'closed'));
    }
  }

  /** Makes the call; rejects with BankRefusal (the bank's verdict) or BankUnavailable (try later). */
  async call<T>(call: BankCall<T>): Promise<BankAnswer<T>> {
    const interactionId = randomUUID();
    try {
      return (await this.breaker.fire(call as BankCall<unknown>, interactionId)) as BankAnswer<T>;
    } catch (err) {
      if (err instanceof BankRefusal || err instanceof BankUnavailable) throw err;
      // opossum's own rejection: the circuit is open.
      throw new BankUnavailable(`calls to the bank are paused after repeated failures: ${(err as Error).message}`, 0, { cause: err });
    }
  }

  /** Closes the breaker's timers. */
  shutdown(): void {
    this.breaker.shutdown();
  }

  private async withRetries(call: BankCall<unknown>, interactionId: string): Promise<BankAnswer<unknown>> {
    const idempotent = call.method !== 'POST' || call.idempotencyKey !== undefined;
    const retries = idempotent ? (this.options.retries ?? 2) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(call, interactionId, attempt > 0);
      } catch (err) {
        const retryable = err instanceof BankUnavailable && !(err.cause instanceof SignatureCheckFailed);
        if (!retryable || attempt >= retries) throw err;
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryBaseMs ?? 200) * 4 ** attempt));
      }
    }
  }

  private async once(call: BankCall<unknown>, interactionId: string, retry: boolean): Promise<BankAnswer<unknown>> {
    const log = this.options.logger.child({ fapi_interaction_id: interactionId, endpoint: call.endpoint });
    const started = performance.now();
    let status = 'no_answer';
    try {
      const token = call.token ?? (await this.options.authorisationServer.clientCredentialsToken());
      const response = await this.send(call, token, interactionId);
      status = String(response.status);
      if (response.status === 401 && !call.token) this.options.authorisationServer.forgetToken();
      const answer = await this.answer(call, response, interactionId);
      log.debug('bank call answered', { status: response.status, retry });
      return answer;
    } catch (err) {
      if (err instanceof BankRefusal) log.info('bank refused the call', { status: err.status, error_codes: err.errorCodes, retry });
      else log.warn('bank call failed', { status, reason: (err as Error).message, retry });
      throw err;
    } finally {
      this.options.callMetrics?.record(call.endpoint, status, (performance.now() - started) / 1000);
    }
  }

  private async send(call: BankCall<unknown>, token: string, interactionId: string): Promise<Response> {
    const headers = new Headers({ accept: 'application/json', [FAPI_INTERACTION_ID_HEADER]: interactionId });
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers.set('content-type', 'application/json');
      headers.set(JWS_SIGNATURE_HEADER, await signMessage(body, this.options.signer));
    }
    if (call.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, call.idempotencyKey);
    const config = await this.options.authorisationServer.configuration();
    try {
      return await oidc.fetchProtectedResource(config, token, new URL(call.url), call.method, body, headers);
    } catch (err) {
      if (err instanceof oidc.WWWAuthenticateChallengeError) {
        return new Response(null, { status: err.status });
      }
      throw new BankUnavailable(`the bank could not be reached: ${describe(err)}`, 0, { cause: err });
    }
  }

  /** The answer as the connector's result: trusted and validated, or an error saying why not. */
  private async answer(call: BankCall<unknown>, response: Response, interactionId: string): Promise<BankAnswer<unknown>> {
    const text = await response.text().catch(() => '');
    if (response.status >= 500) throw new BankUnavailable(`the bank answered ${response.status}`, response.status);
    if (response.status >= 400) throw refusal(response.status, text, interactionId);
    if (!call.schema) return { status: response.status, body: undefined, interactionId };
    try {
      await verifyMessage(text, response.headers.get(JWS_SIGNATURE_HEADER) ?? undefined, {
        issuer: await this.options.bankSigner.issuer(),
        trustAnchors: this.options.bankSigner.trustAnchors,
        key: await this.options.bankSigner.keys(),
      });
    } catch (err) {
      throw new BankUnavailable(`the bank's answer is not trusted: ${(err as Error).message}`, 0, { cause: new SignatureCheckFailed(err) });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BankUnavailable('the bank answered a body that is not JSON');
    }
    const parsed = call.schema.safeParse(json);
    if (!parsed.success)
      throw new BankUnavailable(`the bank's answer does not follow the OB schema: ${parsed.error.issues[0]?.message ?? ''}`);
    return { status: response.status, body: parsed.data, interactionId };
  }
}

/** Marks an answer whose signature failed: not retried at once (the next try is the job's). */
class SignatureCheckFailed extends Error {
  constructor(cause: unknown) {
    super((cause as Error).message, { cause });
  }
}

function refusal(status: number, text: string, interactionId: string): BankRefusal {
  let codes: string[] = [];
  let message = `the bank refused the request (${status})`;
  try {
    const parsed = obErrorResponse.safeParse(JSON.parse(text));
    if (parsed.success) {
      codes = parsed.data.Errors.map((e) => e.ErrorCode);
      message = parsed.data.Errors.map((e) => e.Message ?? e.ErrorCode).join('; ') || message;
    }
  } catch {
    // Not an OB error body (an authorisation failure, a proxy's page): the status says enough.
  }
  return new BankRefusal(status, codes, message, interactionId);
}

/** The innermost cause's message: undici hides the TLS or socket error behind "fetch failed". */
function describe(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${e.message} (${code})` : e.message);
  }
  return parts.join(': ') || String(err);
}
