/** Why a delivery was refused; also the `error` a receiver answers with. */
export type WebhookVerificationReason =
  'missing_header' | 'malformed_header' | 'timestamp_too_old' | 'timestamp_in_future' | 'signature_mismatch' | 'invalid_json';

const MESSAGES: Record<WebhookVerificationReason, string> = {
  missing_header: 'The X-SVC-Signature header is missing.',
  malformed_header: 'The X-SVC-Signature header is not of the form t=<unix seconds>,v1=<hex>.',
  timestamp_too_old: 'The signature timestamp is older than the tolerance (possible replay).',
  timestamp_in_future: 'The signature timestamp is further in the future than the tolerance.',
  signature_mismatch: 'No v1 signature matches any of the signing secrets.',
  invalid_json: 'The signed body is not a JSON event {event_id, event_type, created_at, data}.',
};

/**
 * Thrown when a webhook delivery must not be trusted. `reason` is stable and safe to send back
 * to the caller; the message never contains secrets or the expected signature.
 */
export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string = MESSAGES[reason]) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}
