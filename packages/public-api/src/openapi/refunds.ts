import { REFUND_STATUSES } from '../presenters/refund.js';
import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import { amountSchema, currencySchema, metadataSchema } from './metadata.js';
import { amountListParameters, commonListParameters, idListParameter, listSchema, statusListParameter } from './pagination.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

/** Longest reason accepted on a refund. */

const refundProperties: Record<string, OpenApiObject> = {
  id: { type: 'string', examples: ['RF01JD3Q4M7P9X2K8V5N6R0T1W2Y'] },
  payment_id: { type: 'string', description: 'The payment refunded.' },
  amount: { ...amountSchema, description: 'Amount returned to the customer, in the payment currency.' },
  currency: { ...currencySchema, description: "The payment's currency." },
  status: {
    type: 'string',
    enum: [...REFUND_STATUSES],
    description:
      'pending_settlement → settled (refund.settled), or → failed when the bank rejects it; a failed refund\u2019s amount becomes refundable again.',
  },
  reason: { type: ['string', 'null'], description: 'Your reason, as given; null when none was given.' },
  metadata: metadataSchema,
  created_at: { type: 'string', format: 'date-time' },
  expected_settlement_date: {
    type: ['string', 'null'],
    format: 'date',
    description: 'When the refund is expected to settle (working days; bank holidays may delay it).',
  },
  settled_at: { type: ['string', 'null'], format: 'date-time', description: 'When it settled; null until then.' },
  timeline: {
    type: 'array',
    description: 'Every status the refund entered, oldest first.',
    items: {
      type: 'object',
      required: ['status', 'at'],
      additionalProperties: false,
      properties: { status: { type: 'string', enum: [...REFUND_STATUSES] }, at: { type: 'string', format: 'date-time' } },
    },
  },
};

export const schemas: OpenApiFragment['schemas'] = {
  Refund: {
    type: 'object',
    description: 'All or part of a settled payment returned to the customer.',
    required: Object.keys(refundProperties),
    additionalProperties: false,
    properties: refundProperties,
  },
  RefundExpanded: {
    type: 'object',
    description: 'A refund with `expand=payment`: the refund plus its payment exactly as GET /v1/payments/{id} returns it.',
    required: [...Object.keys(refundProperties), 'payment'],
    additionalProperties: false,
    properties: { ...refundProperties, payment: ref('Payment') },
  },
  RefundList: listSchema('Refund'),
};

const refundId = idParam('id', 'The refund id.');

export const paths: OpenApiFragment['paths'] = {
  '/v1/payments/{payment_id}/refunds': {
    post: {
      operationId: 'createRefund',
      tags: ['Refunds'],
      summary: 'Refund a payment, fully or in part',
      description:
        'Creates a refund in `pending_settlement` against a settled payment and sends it to the bank. Emits refund.created and payment.refunded; the payment becomes `refunded` once nothing is left to refund. Concurrent refunds never exceed the payment amount.',
      parameters: [idParam('payment_id', 'The payment to refund.'), idempotencyKeyParam],
      requestBody: jsonBody(ref('RefundCreate'), false),
      responses: {
        '201': jsonResponse('The new refund.', ref('Refund'), idempotentHeaders),
        ...errorResponses({
          '404': 'not_found: no such payment (also for other merchants\u2019 payments).',
          '409': 'idempotency_key_in_use.',
          '422':
            'payment_not_settled (the payment is submitted or failed), refund_amount_too_small (a partial refund below 1.00), refund_exceeds_payment (more than remains refundable) or idempotency_key_reused.',
        }),
      },
    },
  },
  '/v1/refunds': {
    get: {
      operationId: 'listRefunds',
      tags: ['Refunds'],
      summary: 'List refunds',
      parameters: [
        ...commonListParameters,
        ...amountListParameters('amount'),
        idListParameter('payment_id', "Only this payment's refunds."),
        statusListParameter(REFUND_STATUSES),
      ],
      responses: { '200': jsonResponse('One page of refunds.', ref('RefundList')), ...errorResponses({ '403': 'merchant_mismatch.' }) },
    },
  },
  '/v1/refunds/{id}': {
    get: {
      operationId: 'getRefund',
      tags: ['Refunds'],
      summary: 'Get a refund',
      description: 'The refund with its status and settlement timeline.',
      parameters: [
        refundId,
        {
          name: 'expand',
          in: 'query',
          required: false,
          description:
            '`payment` adds the refunded payment as `payment`, exactly as GET /v1/payments/{id} returns it. Anything else: 400 `invalid_expand`.',
          schema: { type: 'string', enum: ['payment'] },
        },
      ],
      responses: {
        '200': jsonResponse('The refund.', { oneOf: [ref('Refund'), ref('RefundExpanded')] }),
        ...errorResponses({ '404': 'not_found (also for other merchants\u2019 refunds).' }),
      },
    },
  },
  '/v1/sandbox/refunds/{id}/settle': {
    post: {
      operationId: 'sandboxSettleRefund',
      tags: ['Sandbox'],
      summary: 'Simulate the bank settling a refund',
      description:
        'Sandbox only: answers 404 `not_found` in production. Asks the simulated bank to settle the refund now; it emits refund.settled.',
      parameters: [refundId, idempotencyKeyParam],
      responses: {
        '202': jsonResponse('The refund as it is once the bank accepted the request.', ref('Refund'), idempotentHeaders),
        ...errorResponses({ '404': 'not_found.', '422': 'invalid_state_transition: the refund already failed.' }),
      },
    },
  },
  '/v1/sandbox/refunds/{id}/fail': {
    post: {
      operationId: 'sandboxFailRefund',
      tags: ['Sandbox'],
      summary: 'Simulate the bank rejecting a refund',
      description:
        'Sandbox only: answers 404 `not_found` in production. Asks the simulated bank to reject the refund now: it becomes `failed`, its amount is refundable again, and the payment is announced again with payment.settled (its lower amount_refunded).',
      parameters: [refundId, idempotencyKeyParam],
      responses: {
        '202': jsonResponse('The refund as it is once the bank accepted the request.', ref('Refund'), idempotentHeaders),
        ...errorResponses({ '404': 'not_found.', '422': 'invalid_state_transition: the refund already settled.' }),
      },
    },
  },
};
