import { ApiError } from '@vrp/errors';
import { single } from './query-values.js';

/**
 * Reads `expand` (comma-separated) against the fields an endpoint can expand; an unknown field
 * is 400 invalid_expand. Returns the set of requested fields (empty when absent).
 */
export function parseExpand<const A extends string>(raw: unknown, allowed: readonly A[]): Set<A> {
  const value = single('expand', raw);
  if (value === undefined) return new Set();
  const fields = value.split(',').map((f) => f.trim());
  for (const field of fields) {
    if (!(allowed as readonly string[]).includes(field)) {
      const choices = allowed.length ? `one of ${allowed.join(', ')}` : 'not supported here';
      throw new ApiError('invalid_expand', `Cannot expand '${field}': expand is ${choices}`, { param: 'expand' });
    }
  }
  return new Set(fields as A[]);
}
