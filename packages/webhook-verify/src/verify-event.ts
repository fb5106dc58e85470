import { WebhookVerificationError } from './errors.js';
import type { VrpEvent } from './events/vrp-event.js';
import { STANDARD_HEADERS, verifyStandardWebhook } from './standard-webhooks.js';
import { verifyWebhook } from './verify-webhook.js';

/** What verifyEvent needs: the raw body, the request's headers, and your live secrets. */
export interface VerifyEventOptions {
  /** The raw request body exactly as received, never re-serialised JSON. */
  body: string | Uint8Array;
  /** The request headers (Node's lowercase names, or any casing). */
  headers: Record<string, string | string[] | undefined>;
  /** Your signing secret, or during a rotation overlap both the new and the old one. */
  secrets: string | string[];
  /** Maximum age (and future skew) of the timestamp in seconds; default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; defaults to the system clock. */
  now?: number;
}

/**
 * Verifies a delivery signed either way an endpoint can be set up (`standard_webhooks` when the
 * request has a `webhook-signature` header, `vrp`'s `X-SVC-Signature` otherwise) and returns the
 * parsed event, typed: `switch (event.event_type)` narrows `data`. Throws WebhookVerificationError
 * (`reason` as verifyWebhook's, or `invalid_json` for a signed body that is not an event).
 */
export function verifyEvent(opts: VerifyEventOptions): VrpEvent {
  const header = (name: string) => {
    const key = Object.keys(opts.headers).find((k) => k.toLowerCase() === name);
    const value = key === undefined ? undefined : opts.headers[key];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const common = {
    body: opts.body,
    secrets: opts.secrets,
    ...(opts.toleranceSeconds !== undefined && { toleranceSeconds: opts.toleranceSeconds }),
    ...(opts.now !== undefined && { now: opts.now }),
  };
  const signature = header(STANDARD_HEADERS.signature);
  if (signature !== undefined) {
    verifyStandardWebhook({ ...common, id: header(STANDARD_HEADERS.id), timestamp: header(STANDARD_HEADERS.timestamp), signature });
  } else {
    verifyWebhook({ ...common, header: header('x-svc-signature') });
  }
  return parseEventBody(opts.body);
}

/** The body as an event; only what every event has is checked, so new fields never break a receiver. */
function parseEventBody(body: string | Uint8Array): VrpEvent {
  let event: unknown;
  try {
    event = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_json');
  }
  const e = event as Record<string, unknown> | null;
  if (
    !e ||
    typeof e !== 'object' ||
    typeof e.event_id !== 'string' ||
    typeof e.event_type !== 'string' ||
    typeof e.created_at !== 'string' ||
    typeof e.data !== 'object' ||
    e.data === null
  ) {
    throw new WebhookVerificationError('invalid_json');
  }
  return e as unknown as VrpEvent;
}
