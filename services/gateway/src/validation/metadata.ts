import { validationError } from '@vrp/errors';
import { METADATA_LIMITS } from '@vrp/public-api';

/**
 * Checks a metadata object against SPEC.md's limits: at most 20 keys, keys at most 40
 * characters, values strings or numbers of at most 200 characters. Absent means `{}`.
 */
export function parseMetadata(value: unknown, param = 'metadata'): Record<string, string | number> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw validationError(param, `${param} must be an object`);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > METADATA_LIMITS.maxKeys) throw validationError(param, `${param} may have at most ${METADATA_LIMITS.maxKeys} keys`);
  const out: Record<string, string | number> = {};
  for (const [key, v] of entries) {
    const at = `${param}[${key}]`;
    if (key.length === 0 || key.length > METADATA_LIMITS.maxKeyLength) throw validationError(at, `${param} keys must be 1..${METADATA_LIMITS.maxKeyLength} characters`);
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw validationError(at, 'metadata numbers must be finite');
    } else if (typeof v !== 'string') {
      throw validationError(at, `${param} values must be strings or numbers`);
    }
    if (String(v).length > METADATA_LIMITS.maxValueLength) throw validationError(at, `${param} values must be at most ${METADATA_LIMITS.maxValueLength} characters`);
    out[key] = v;
  }
  return out;
}
