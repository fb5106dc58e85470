import { computeSignature } from './compute-signature.js';
import { SIGNATURE_SCHEME } from './constants.js';

/**
 * The X-SVC-Signature value the platform sends: `t=<timestamp>,v1=<hex>[,v1=<hex>...]`, one v1
 * per live secret in the order given, so receivers still holding the old secret during a
 * rotation overlap keep verifying. Throws TypeError when `secrets` is empty.
 */
export function signatureHeader(opts: { secrets: string[]; timestamp: number; body: string | Uint8Array }): string {
  const { secrets, timestamp, body } = opts;
  if (!Array.isArray(secrets) || secrets.length === 0) {
    throw new TypeError('signatureHeader needs at least one signing secret.');
  }
  const parts = secrets.map((secret) => `${SIGNATURE_SCHEME}=${computeSignature(secret, timestamp, body)}`);
  return [`t=${timestamp}`, ...parts].join(',');
}
