import { createPaymentBody, validateMetadata } from '@vrp/public-api';
import { knownCurrency, minorUnits, parseRequest } from '../../validation/body.js';

/** Reads a create-payment body: every problem of its schema at once, then the amount in its currency. */
export function parseCreatePayment(raw: unknown) {
  const body = parseRequest(createPaymentBody, raw);
  const currency = knownCurrency(body.currency);
  return {
    mandateId: body.mandate_id,
    currency,
    amountMinor: minorUnits('amount', body.amount, currency),
    metadata: validateMetadata(body.metadata),
    reference: body.reference ?? '',
  };
}
