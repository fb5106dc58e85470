import { validationError } from '@vrp/errors';
import { isCurrency, parseAmount } from '@vrp/money';

/** A parsed JSON request body (the jsonBody middleware guarantees an object). */
export type Body = Record<string, unknown>;

/** Refuses fields the endpoint does not know: a typo must not be silently ignored. */
export function onlyFields(body: Body, allowed: readonly string[]): void {
  for (const field of Object.keys(body)) {
    if (!allowed.includes(field)) throw validationError(field, `Unknown field '${field}'`);
  }
}

/** A required string field of at most `max` characters (non-empty unless `allowEmpty`). */
export function requiredString(body: Body, field: string, max = 255): string {
  const value = body[field];
  if (value === undefined || value === null) throw validationError(field, `${field} is required`);
  if (typeof value !== 'string') throw validationError(field, `${field} must be a string`);
  if (value.length === 0) throw validationError(field, `${field} must not be empty`);
  if (value.length > max) throw validationError(field, `${field} must be at most ${max} characters`);
  return value;
}

/** An optional string field; `fallback` when absent. */
export function optionalString(body: Body, field: string, max: number, fallback = ''): string {
  const value = body[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw validationError(field, `${field} must be a string`);
  if (value.length > max) throw validationError(field, `${field} must be at most ${max} characters`);
  return value;
}

/** A required boolean field. */
export function requiredBoolean(body: Body, field: string): boolean {
  const value = body[field];
  if (typeof value !== 'boolean') throw validationError(field, `${field} must be true or false`);
  return value;
}

/** A required field holding one of `values`. */
export function requiredEnum<const V extends string>(body: Body, field: string, values: readonly V[]): V {
  const value = body[field];
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw validationError(field, `${field} must be one of ${values.join(', ')}`);
  }
  return value as V;
}

/** A required ISO 4217 currency code. */
export function requiredCurrency(body: Body, field = 'currency'): string {
  const value = requiredString(body, field, 3);
  if (!isCurrency(value)) throw validationError(field, `${field} must be an ISO 4217 currency code such as GBP`);
  return value;
}

/** A required decimal amount string in `currency`, as integer minor units (API.md money rules). */
export function requiredAmount(body: Body, field: string, currency: string): bigint {
  if (body[field] === undefined) throw validationError(field, `${field} is required`);
  const parsed = parseAmount(body[field], currency);
  if (!parsed.ok) throw validationError(field, `${field} ${parsed.message}`);
  return parsed.minor;
}
