import { validationError } from '@vrp/errors';
import { parseAmount } from '@vrp/money';

/**
 * A merchant's decimal amount string (its format checked by the request schema) in `currency`, as
 * integer minor units; `validation_error` on `field` when the currency does not allow it (too many
 * decimal places, zero, too large). Wherever a request's amount is read: the gateway, or the
 * service that knows the currency (a refund's is its payment's).
 */
export function minorUnits(field: string, amount: string, currency: string): bigint {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw validationError(field, `${field} ${parsed.message}`);
  return parsed.minor;
}
