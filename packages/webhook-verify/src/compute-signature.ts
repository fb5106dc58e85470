import { createHmac } from 'node:crypto';

/**
 * The v1 signature of one delivery: lowercase hex HMAC-SHA256, keyed with the signing secret's
 * UTF-8 bytes exactly as issued (the `whsec_` prefix included), over `<timestamp>.<raw body>`.
 * The body must be the exact bytes sent on the wire, never re-serialised JSON.
 * Throws TypeError on an empty secret or a timestamp that is not a non-negative integer.
 */
export function computeSignature(secret: string, timestamp: number, body: string | Uint8Array): string {
  assertSecret(secret);
  assertTimestamp(timestamp);
  // The key as a string (its UTF-8 bytes): Node keys an HMAC from a string several times faster than from a Buffer.
  return createHmac('sha256', secret)
    .update(`${timestamp}.`, 'utf8')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');
}

/** An empty key would make every signature forgeable; it is always a configuration mistake. */
export function assertSecret(secret: unknown): asserts secret is string {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('A webhook signing secret must be a non-empty string.');
  }
}

function assertTimestamp(timestamp: number): void {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError(`A webhook timestamp must be a non-negative integer of unix seconds, got ${timestamp}.`);
  }
}
