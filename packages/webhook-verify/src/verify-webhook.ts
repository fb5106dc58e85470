import { assertSecret, computeSignature } from './compute-signature.js';
import { anyEqualConstantTime } from './constant-time.js';
import { DEFAULT_TOLERANCE_SECONDS } from './constants.js';
import { WebhookVerificationError } from './errors.js';
import { parseSignatureHeader } from './parse-signature-header.js';

/** What verifyWebhook needs: the raw body as received, the header, and your live secrets. */
export interface VerifyWebhookOptions {
  /** The raw request body exactly as received (a Buffer or string), never re-serialised JSON. */
  body: string | Uint8Array;
  /** The X-SVC-Signature header value, or undefined when the request had none. */
  header: string | undefined;
  /** Your signing secret, or during a rotation overlap both the new and the old one. */
  secrets: string | string[];
  /** Maximum age (and future skew) of the timestamp in seconds; default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; defaults to the system clock. */
  now?: number;
}

/**
 * Accepts a delivery when ANY v1 signature in the header matches ANY of `secrets` (compared in
 * constant time) and its timestamp is within `toleranceSeconds` of `now` in either direction.
 * The signature is checked before the timestamp, so an unauthenticated caller only ever learns
 * `signature_mismatch`. Returns the signed timestamp; throws WebhookVerificationError with a
 * `reason` otherwise, and TypeError for a configuration mistake (no secrets, empty secret,
 * negative tolerance).
 */
export function verifyWebhook(opts: VerifyWebhookOptions): { timestamp: number } {
  const secrets = normaliseSecrets(opts.secrets);
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError(`toleranceSeconds must be a non-negative number, got ${tolerance}.`);
  }

  if (opts.header === undefined || opts.header === null || opts.header.trim() === '') {
    throw new WebhookVerificationError('missing_header');
  }
  const { timestamp, signatures } = parseSignatureHeader(opts.header);

  const expected = secrets.map((secret) => computeSignature(secret, timestamp, opts.body));
  if (!anyEqualConstantTime(signatures, expected)) {
    throw new WebhookVerificationError('signature_mismatch');
  }

  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (now - timestamp > tolerance) throw new WebhookVerificationError('timestamp_too_old');
  if (timestamp - now > tolerance) throw new WebhookVerificationError('timestamp_in_future');

  return { timestamp };
}

function normaliseSecrets(secrets: string | string[]): string[] {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (!Array.isArray(list) || list.length === 0) {
    throw new TypeError('verifyWebhook needs at least one signing secret.');
  }
  list.forEach(assertSecret);
  return list;
}
