import { validationError } from '@vrp/errors';
import { isCurrency, parseAmount } from '@vrp/money';
import { emptyBody, parseRequest } from '@vrp/public-api';

/** A parsed JSON request body (the jsonBody middleware guarantees an object). */
export type Body = Record<string, unknown>;

export { parseRequest };

/** Refuses any field on routes that take no body (`{}` or none). */
export function noBody(body: unknown): void {
  parseRequest(emptyBody, body);
}

/** A currency the schema let through (three capitals) that must also be a known ISO 4217 code. */
export function knownCurrency(currency: string, field = 'currency'): string {
  if (!isCurrency(currency)) throw validationError(field, `${field} must be an ISO 4217 currency code such as GBP`);
  return currency;
}

/** A decimal amount string (format already checked by its schema) in `currency`, as integer minor units. */
export function minorUnits(field: string, amount: string, currency: string): bigint {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw validationError(field, `${field} ${parsed.message}`);
  return parsed.minor;
}
