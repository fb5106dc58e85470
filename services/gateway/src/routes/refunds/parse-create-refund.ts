import type { JsonObject } from '@bufbuild/protobuf';
import { validationError } from '@vrp/errors';
import { parseAmount } from '@vrp/money';
import { REFUND_REASON_MAX_LENGTH, validateMetadata } from '@vrp/public-api';
import { onlyFields, optionalString, type Body } from '../../validation/body.js';

const CREATE_FIELDS = ['amount', 'reason', 'metadata'] as const;

/** A create-refund request in contract terms: amount 0 means everything still refundable. */
export interface CreateRefundBody {
  amountMinor: bigint;
  reason: string;
  metadata: JsonObject;
}

/**
 * Reads a create-refund body in field order, so the first problem named is the first field at
 * fault. The amount is read in the payment's currency (its minor digits decide what is valid).
 */
export function parseCreateRefund(body: Body, currency: string): CreateRefundBody {
  onlyFields(body, CREATE_FIELDS);
  let amountMinor = 0n;
  if (body.amount !== undefined) {
    const parsed = parseAmount(body.amount, currency);
    if (!parsed.ok) throw validationError('amount', `amount ${parsed.message}`);
    amountMinor = parsed.minor;
  }
  const reason = optionalString(body, 'reason', REFUND_REASON_MAX_LENGTH);
  const metadata = validateMetadata(body.metadata);
  return { amountMinor, reason, metadata };
}
