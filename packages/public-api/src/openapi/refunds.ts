import { REFUND_STATUSES } from '../vocabulary.js';
import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import {
  amountListParameters,
  commonListParameters,
  idListParameter,
  listSchema,
  metadataListParameter,
  statusListParameter,
} from './pagination.js';
import type { OpenApiFragment } from './types.js';

/** Longest reason accepted on a refund. */

export const schemas: OpenApiFragment['schemas'] = {
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
        metadataListParameter,
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
