import { validationError } from '@vrp/errors';

/** Merchant metadata as stored and returned: string or number values only. */
export type Metadata = Record<string, string | number>;

/** Limits of SPEC.md "Metadata", the one place they are written. */
export const METADATA_LIMITS = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 200 } as const;

/** NUL, or a UTF-16 surrogate without its other half: text that cannot be stored as it was sent. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored exactly, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  return UNSTORABLE_TEXT.test(text) ? 'must not contain NUL characters or unpaired UTF-16 surrogates' : undefined;
}

/**
 * The metadata rules, written once and applied at the edge and again by the service that stores
 * it: an object (absent means `{}`) of at most 20 keys of 1 to 40 characters, whose values are
 * strings or finite numbers of at most 200 characters, with no text Postgres cannot store as
 * sent. A problem is a validation_error naming `metadata` for the whole object, or
 * `metadata[<key>]` for one entry.
 */
export function validateMetadata(value: unknown, param = 'metadata'): Metadata {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw validationError(param, `${param} must be an object`);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > METADATA_LIMITS.maxKeys) throw validationError(param, `${param} may have at most ${METADATA_LIMITS.maxKeys} keys`);
  const out: Metadata = {};
  for (const [key, v] of entries) {
    const at = `${param}[${key}]`;
    if (key.length === 0 || key.length > METADATA_LIMITS.maxKeyLength) {
      throw validationError(at, `${param} keys must be 1 to ${METADATA_LIMITS.maxKeyLength} characters`);
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw validationError(at, `${param} numbers must be finite`);
    } else if (typeof v !== 'string') {
      throw validationError(at, `${param} values must be strings or numbers`);
    }
    const why = unstorableText(key) ?? (typeof v === 'string' ? unstorableText(v) : undefined);
    if (why) throw validationError(at, `${at} ${why}`);
    if (String(v).length > METADATA_LIMITS.maxValueLength) {
      throw validationError(at, `${param} values must be at most ${METADATA_LIMITS.maxValueLength} characters`);
    }
    out[key] = v;
  }
  return out;
}
