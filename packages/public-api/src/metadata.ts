import { ApiError, type FieldProblem } from '@vrp/errors';

/** Merchant metadata as stored and returned: string or number values only. */
export type Metadata = Record<string, string | number>;

/** The limits of a resource's metadata (written once, beside the resource schemas events carry). */
import { METADATA_LIMITS } from '@vrp/webhook-verify';

export { METADATA_LIMITS };

/** NUL, or a UTF-16 surrogate without its other half: text that cannot be stored as it was sent. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored exactly, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  return UNSTORABLE_TEXT.test(text) ? 'must not contain NUL characters or unpaired UTF-16 surrogates' : undefined;
}

/**
 * Every way `value` breaks the metadata rules (empty when it keeps them): an object (absent
 * means `{}`) of at most 20 keys of 1 to 40 characters, whose values are strings or finite
 * numbers of at most 200 characters, with no text Postgres cannot store as sent. A problem names
 * `metadata` for the whole object, or `metadata[<key>]` for one entry.
 */
export function metadataProblems(value: unknown, param = 'metadata'): FieldProblem[] {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [{ param, message: `${param} must be an object` }];
  const entries = Object.entries(value as Record<string, unknown>);
  const problems: FieldProblem[] = [];
  if (entries.length > METADATA_LIMITS.maxKeys)
    problems.push({ param, message: `${param} may have at most ${METADATA_LIMITS.maxKeys} keys` });
  for (const [key, v] of entries) {
    const at = `${param}[${key}]`;
    const problem = (message: string) => problems.push({ param: at, message });
    if (key.length === 0 || key.length > METADATA_LIMITS.maxKeyLength)
      problem(`${param} keys must be 1 to ${METADATA_LIMITS.maxKeyLength} characters`);
    else if (typeof v === 'number' && !Number.isFinite(v)) problem(`${param} numbers must be finite`);
    else if (typeof v !== 'number' && typeof v !== 'string') problem(`${param} values must be strings or numbers`);
    else if (unstorableText(key) ?? (typeof v === 'string' ? unstorableText(v) : undefined)) {
      problem(`${at} ${unstorableText(key) ?? unstorableText(String(v))}`);
    } else if (String(v).length > METADATA_LIMITS.maxValueLength)
      problem(`${param} values must be at most ${METADATA_LIMITS.maxValueLength} characters`);
  }
  return problems;
}

/**
 * The metadata rules, written once and applied at the edge and again by the service that stores
 * it (see metadataProblems). Returns the metadata as stored; throws a validation_error naming the
 * first problem, with every problem in `details`.
 */
export function validateMetadata(value: unknown, param = 'metadata'): Metadata {
  const problems = metadataProblems(value, param);
  if (problems.length > 0) throw invalid(problems);
  return (value ?? {}) as Metadata;
}

/** One validation_error for a list of field problems: the first names the param, all are in details. */
export function invalid(problems: FieldProblem[]): ApiError {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more: see details)` : '';
  return new ApiError('validation_error', `${first!.message}${more}`, { param: first!.param, details: problems });
}
