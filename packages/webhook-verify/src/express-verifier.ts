import { WebhookVerificationError } from './errors.js';
import type { VrpEvent } from './events/vrp-event.js';
import { verifyEvent } from './verify-event.js';

/** The parts of an Express (or Connect-style) request the verifier uses. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The raw body: mount `express.raw({ type: 'application/json' })` before the verifier. */
  body?: unknown;
  /** Set to the parsed, typed event once the signature has been verified. */
  webhookEvent?: VrpEvent;
}

/** The parts of an Express response the verifier uses. */
export interface WebhookResponse {
  status(code: number): { json(body: unknown): unknown };
}

export interface ExpressVerifierOptions {
  /** The live secret(s); a function is called on every request, so rotations need no restart. */
  secrets: string | string[] | (() => string[]);
  /** Maximum timestamp age (and future skew) in seconds; default 300. */
  toleranceSeconds?: number;
}

/**
 * Express middleware that verifies a delivery against the raw body, signed either way
 * (`webhook-signature` of Standard Webhooks, or `X-SVC-Signature`). On failure it
 * answers 400 `{ "error": <reason> }` and stops; on success it sets `req.webhookEvent` to the
 * parsed JSON body and calls `next()`. A signed body that is not JSON gets 400
 * `{ "error": "invalid_json" }`. Mount it after `express.raw({ type: 'application/json' })`:
 * when the body is not raw (e.g. express.json() ran first, so the exact bytes are lost) it calls
 * `next(error)` instead, a 500 that makes the platform retry until the setup is fixed.
 */
export function expressVerifier(
  opts: ExpressVerifierOptions,
): (req: WebhookRequest, res: WebhookResponse, next: (err?: unknown) => void) => void {
  const { secrets, toleranceSeconds } = opts;
  return (req, res, next) => {
    const signed = req.headers['x-svc-signature'] !== undefined || req.headers['webhook-signature'] !== undefined;
    const body = req.body;
    if (signed && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      next(
        new TypeError(
          "expressVerifier needs the raw request body: mount express.raw({ type: 'application/json' }) before it, " +
            'and no JSON body parser on this route.',
        ),
      );
      return;
    }
    let event: VrpEvent;
    try {
      event = verifyEvent({
        body: (body as string | Uint8Array | undefined) ?? '',
        headers: req.headers,
        secrets: typeof secrets === 'function' ? secrets() : secrets,
        ...(toleranceSeconds !== undefined && { toleranceSeconds }),
      });
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        res.status(400).json({ error: err.reason });
        return;
      }
      next(err);
      return;
    }
    req.webhookEvent = event;
    next();
  };
}
