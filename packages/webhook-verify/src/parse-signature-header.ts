import { SIGNATURE_SCHEME } from './constants.js';
import { WebhookVerificationError } from './errors.js';

/** A parsed X-SVC-Signature header. */
export interface ParsedSignatureHeader {
  /** Unix seconds the platform signed at. */
  timestamp: number;
  /** Every v1 signature, lowercased, in header order. */
  signatures: string[];
}

const INTEGER = /^\d{1,15}$/;
const HEX = /^[0-9a-f]+$/i;

/**
 * Splits `t=<unix seconds>,v1=<hex>[,v1=<hex>...]` into its parts. Schemes other than v1 (such
 * as v0=) are ignored so new schemes can be added without breaking older receivers. Throws
 * WebhookVerificationError('malformed_header') for a missing, repeated or non-integer `t`, no
 * v1, a non-hex v1, or a part that is not `key=value`.
 */
export function parseSignatureHeader(header: string): ParsedSignatureHeader {
  let timestamp: number | undefined;
  const signatures: string[] = [];

  for (const rawPart of String(header).split(',')) {
    const part = rawPart.trim();
    const eq = part.indexOf('=');
    if (eq <= 0) throw malformed();
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();

    if (key === 't') {
      if (timestamp !== undefined || !INTEGER.test(value)) throw malformed();
      timestamp = Number(value);
    } else if (key === SIGNATURE_SCHEME) {
      if (!HEX.test(value)) throw malformed();
      signatures.push(value.toLowerCase());
    }
  }

  if (timestamp === undefined || signatures.length === 0) throw malformed();
  return { timestamp, signatures };
}

function malformed(): WebhookVerificationError {
  return new WebhookVerificationError('malformed_header');
}
