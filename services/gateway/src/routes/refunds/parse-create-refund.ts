import type { JsonObject } from '@bufbuild/protobuf';
import { createRefundBody, validateMetadata } from '@vrp/public-api';
import { parseRequest } from '../../validation/body.js';

/**
 * A create-refund request in contract terms. The amount stays the merchant's decimal string
 * (empty: everything still refundable): its currency is the payment's, and the payment service,
 * which books the refund, parses it there, so the gateway does not read the payment first.
 */
export interface CreateRefundBody {
  amount: string;
  reason: string;
  metadata: JsonObject;
}

/** Reads a create-refund body: every problem of its schema at once. */
export function parseCreateRefund(raw: unknown): CreateRefundBody {
  const body = parseRequest(createRefundBody, raw);
  return {
    amount: body.amount ?? '',
    reason: body.reason ?? '',
    metadata: validateMetadata(body.metadata),
  };
}
