import { ApiError, validationError } from '@vrp/errors';
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

/**
 * The query of a single-resource GET: only `expand` is accepted (any other parameter is a
 * validation_error naming it) and it may name only `allowed` fields (else invalid_expand;
 * pass [] where nothing expands). Returns the requested fields.
 */
export function singleResourceQuery<const A extends string>(query: Record<string, unknown>, allowed: readonly A[]): Set<A> {
  for (const param of Object.keys(query)) {
    if (param !== 'expand') throw validationError(param, `Unknown query parameter '${param}'`);
  }
  return parseExpand(query.expand, allowed);
}
