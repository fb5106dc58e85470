import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './webhook-event.js';
import { verifyWebhook } from './verify-webhook.js';

/** The parts of an Express (or Connect-style) request the verifier uses. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The raw body: mount `express.raw({ type: 'application/json' })` before the verifier. */
  body?: unknown;
  /** Set to the parsed event once the signature has been verified. */
  webhookEvent?: WebhookEvent;
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
 * Express middleware that verifies `X-SVC-Signature` against the raw body. On failure it
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
    const header = headerValue(req.headers['x-svc-signature']);
    const body = req.body;
    if (header !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      next(
        new TypeError(
          "expressVerifier needs the raw request body: mount express.raw({ type: 'application/json' }) before it, " +
            'and no JSON body parser on this route.',
        ),
      );
      return;
    }
    try {
      verifyWebhook({
        body: (body as string | Uint8Array | undefined) ?? '',
        header,
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
    let event: WebhookEvent;
    try {
      const text = typeof body === 'string' ? body : Buffer.from(body as Uint8Array).toString('utf8');
      event = JSON.parse(text) as WebhookEvent;
    } catch {
      res.status(400).json({ error: 'invalid_json' });
      return;
    }
    req.webhookEvent = event;
    next();
  };
}

/** Node joins repeated custom headers with ", "; an array only appears from other frameworks. */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
