import { validationError } from '@vrp/errors';
import { isCurrency } from '@vrp/money';
import { emptyBody, minorUnits, parseRequest } from '@vrp/public-api';

/** A parsed JSON request body (the jsonBody middleware guarantees an object). */
export type Body = Record<string, unknown>;

export { minorUnits, parseRequest };

/** Refuses any field on routes that take no body (`{}` or none). */
export function noBody(body: unknown): void {
  parseRequest(emptyBody, body);
}

/** A currency the schema let through (three capitals) that must also be a known ISO 4217 code. */
export function knownCurrency(currency: string, field = 'currency'): string {
  if (!isCurrency(currency)) throw validationError(field, `${field} must be an ISO 4217 currency code such as GBP`);
  return currency;
}
