import type { JsonObject } from '@bufbuild/protobuf';
import { createRefundBody, validateMetadata } from '@vrp/public-api';
import { minorUnits, parseRequest } from '../../validation/body.js';

/** A create-refund request in contract terms: amount 0 means everything still refundable. */
export interface CreateRefundBody {
  amountMinor: bigint;
  reason: string;
  metadata: JsonObject;
}

/** Reads a create-refund body: every problem of its schema at once, then the amount in the payment's currency. */
export function parseCreateRefund(raw: unknown, currency: string): CreateRefundBody {
  const body = parseRequest(createRefundBody, raw);
  return {
    amountMinor: body.amount === undefined ? 0n : minorUnits('amount', body.amount, currency),
    reason: body.reason ?? '',
    metadata: validateMetadata(body.metadata),
  };
}
