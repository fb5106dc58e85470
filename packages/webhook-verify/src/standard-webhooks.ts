import { createHmac } from 'node:crypto';
import { anyEqualConstantTime } from './constant-time.js';
import { DEFAULT_TOLERANCE_SECONDS } from './constants.js';
import { WebhookVerificationError } from './errors.js';

/** The Standard Webhooks headers (https://www.standardwebhooks.com), lowercase as Node gives them. */
export const STANDARD_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The HMAC key of a Standard Webhooks secret: the bytes of the base64 after `whsec_` (the
 * specification's secret format). Throws TypeError for anything else.
 */
export function standardSecretKey(secret: string): Buffer {
  const encoded = typeof secret === 'string' && secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) {
    throw new TypeError('A Standard Webhooks secret is whsec_ followed by standard base64.');
  }
  return Buffer.from(encoded, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">` keyed with the secret's bytes. */
export function standardSignature(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  const mac = createHmac('sha256', standardSecretKey(secret))
    .update(`${id}.${timestamp}.`, 'utf8')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The three Standard Webhooks headers of one delivery: `webhook-signature` holds one `v1,<base64>`
 * per live secret, space-separated, so a receiver holding either secret during a rotation verifies.
 */
export function standardWebhookHeaders(opts: {
  secrets: string[];
  id: string;
  timestamp: number;
  body: string | Uint8Array;
}): Record<(typeof STANDARD_HEADERS)[keyof typeof STANDARD_HEADERS], string> {
  if (!Array.isArray(opts.secrets) || opts.secrets.length === 0)
    throw new TypeError('standardWebhookHeaders needs at least one signing secret.');
  return {
    'webhook-id': opts.id,
    'webhook-timestamp': String(opts.timestamp),
    'webhook-signature': opts.secrets.map((s) => standardSignature(s, opts.id, opts.timestamp, opts.body)).join(' '),
  };
}

/** What verifyStandardWebhook needs: the raw body, the three headers' values, and your live secrets. */
export interface VerifyStandardWebhookOptions {
  body: string | Uint8Array;
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  secrets: string | string[];
  /** Maximum age (and future skew) of the timestamp in seconds; default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; defaults to the system clock. */
  now?: number;
}

const INTEGER = /^\d{1,15}$/;

/**
 * Accepts a Standard Webhooks delivery when any `v1,` signature matches any secret (constant-time)
 * and `webhook-timestamp` is within the tolerance. Returns the id and timestamp; throws
 * WebhookVerificationError otherwise (the same reasons as verifyWebhook).
 */
export function verifyStandardWebhook(opts: VerifyStandardWebhookOptions): { id: string; timestamp: number } {
  const secrets = typeof opts.secrets === 'string' ? [opts.secrets] : opts.secrets;
  if (!Array.isArray(secrets) || secrets.length === 0) throw new TypeError('verifyStandardWebhook needs at least one signing secret.');
  const keys = secrets.map(standardSecretKey);
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0)
    throw new TypeError(`toleranceSeconds must be a non-negative number, got ${tolerance}.`);
  if (!opts.id || !opts.timestamp || !opts.signature) {
    throw new WebhookVerificationError('missing_header', 'A webhook-id, webhook-timestamp or webhook-signature header is missing.');
  }
  if (!INTEGER.test(opts.timestamp)) throw new WebhookVerificationError('malformed_header', 'webhook-timestamp is not unix seconds.');
  const timestamp = Number(opts.timestamp);
  const given = opts.signature
    .split(' ')
    .filter((p) => p.startsWith('v1,'))
    .map((p) => p.slice(3));
  if (given.length === 0) throw new WebhookVerificationError('malformed_header', 'webhook-signature has no v1,<base64> entry.');
  const expected = keys.map((key) =>
    createHmac('sha256', key)
      .update(`${opts.id}.${timestamp}.`, 'utf8')
      .update(typeof opts.body === 'string' ? Buffer.from(opts.body, 'utf8') : opts.body)
      .digest('base64'),
  );
  if (!anyEqualConstantTime(given, expected)) throw new WebhookVerificationError('signature_mismatch');
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (now - timestamp > tolerance) throw new WebhookVerificationError('timestamp_too_old');
  if (timestamp - now > tolerance) throw new WebhookVerificationError('timestamp_in_future');
  return { id: opts.id, timestamp };
}
