import { validationError } from '@vrp/errors';

/** Limits of SPEC.md on merchant metadata. */
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 200 } as const;

/** Longest free-text reason accepted on a refund. */
export const MAX_REASON_LENGTH = 500;

/**
 * Checks merchant metadata: an object of at most 20 keys, each at most 40 characters, whose
 * values are strings or numbers of at most 200 characters. Throws validation_error naming
 * the offending key.
 */
export function assertValidMetadata(metadata: unknown): void {
  if (metadata === undefined || metadata === null) return;
  if (typeof metadata !== 'object' || Array.isArray(metadata)) throw validationError('metadata', 'must be an object');
  const entries = Object.entries(metadata);
  if (entries.length > METADATA_LIMITS.keys) {
    throw validationError('metadata', `may have at most ${METADATA_LIMITS.keys} keys`);
  }
  for (const [key, value] of entries) {
    const param = `metadata[${key}]`;
    if (key.length === 0 || key.length > METADATA_LIMITS.keyLength) {
      throw validationError(param, `keys must be 1 to ${METADATA_LIMITS.keyLength} characters`);
    }
    if (typeof value !== 'string' && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw validationError(param, 'values must be strings or numbers');
    }
    if (!storable(key) || (typeof value === 'string' && !storable(value))) {
      throw validationError(param, 'must not contain NUL characters or unpaired surrogates');
    }
    if (String(value).length > METADATA_LIMITS.valueLength) {
      throw validationError(param, `values may be at most ${METADATA_LIMITS.valueLength} characters`);
    }
  }
}

/** Checks the refund's free-text reason. */
export function assertValidReason(reason: string): void {
  if (reason.length > MAX_REASON_LENGTH) throw validationError('reason', `may be at most ${MAX_REASON_LENGTH} characters`);
  if (!storable(reason)) throw validationError('reason', 'must not contain NUL characters or unpaired surrogates');
}

/** False for text Postgres cannot store as it was sent: NUL characters and lone UTF-16 surrogates. */
function storable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
