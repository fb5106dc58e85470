import { onlyFields, requiredAmount, requiredCurrency, requiredString, type Body } from '../../validation/body.js';
import { validateMetadata } from '@vrp/public-api';

const CREATE_FIELDS = ['mandate_id', 'amount', 'currency', 'metadata'] as const;

/**
 * Reads a create-payment body. The currency is read before the amount because it decides how
 * many decimals the amount may have; the first problem named is the first field at fault.
 */
export function parseCreatePayment(body: Body) {
  onlyFields(body, CREATE_FIELDS);
  const mandateId = requiredString(body, 'mandate_id');
  const currency = requiredCurrency(body);
  const amountMinor = requiredAmount(body, 'amount', currency);
  const metadata = validateMetadata(body.metadata);
  return { mandateId, currency, amountMinor, metadata };
}
