import { validationError } from '@vrp/errors';

/** Metadata as stored: string or number values only. */
export type Metadata = Record<string, string | number>;

export const METADATA_MAX_KEYS = 20;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 200;

/**
 * Checks merchant metadata against the limits of SPEC.md (at most 20 keys, keys of at most 40
 * characters, string or number values of at most 200 characters) and returns it as stored.
 * Throws validation_error naming `metadata[<key>]` for a bad entry, `metadata` for the whole.
 */
export function validateMetadata(input: Readonly<Record<string, unknown>> | undefined): Metadata {
  if (input === undefined) return {};
  const entries = Object.entries(input);
  if (entries.length > METADATA_MAX_KEYS) {
    throw validationError('metadata', `must have at most ${METADATA_MAX_KEYS} keys, got ${entries.length}`);
  }
  const out: Metadata = {};
  for (const [key, value] of entries) {
    const param = `metadata[${key}]`;
    if (key.length === 0) throw validationError('metadata', 'keys must not be empty');
    if (key.length > METADATA_MAX_KEY_LENGTH) {
      throw validationError(param, `key must be at most ${METADATA_MAX_KEY_LENGTH} characters`);
    }
    if (typeof value === 'number' && !Number.isFinite(value)) throw validationError(param, 'must be a finite number');
    if (typeof value !== 'string' && typeof value !== 'number') throw validationError(param, 'must be a string or a number');
    if (String(value).length > METADATA_MAX_VALUE_LENGTH) {
      throw validationError(param, `must be at most ${METADATA_MAX_VALUE_LENGTH} characters`);
    }
    out[key] = value;
  }
  return out;
}
