import { PAYMENT_STATUSES } from '../vocabulary.js';
import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import {
  amountListParameters,
  commonListParameters,
  idListParameter,
  listSchema,
  metadataListParameter,
  statusListParameter,
} from './pagination.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

const SANDBOX_ONLY = 'Sandbox only: answers 404 `not_found` in production.';
const dateParam = (name: string, description: string): OpenApiObject => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', format: 'date' },
});

export const schemas: OpenApiFragment['schemas'] = {
  PaymentList: listSchema('Payment'),
};

const paymentId = idParam('id', 'The payment id.');

function simulate(action: 'settle' | 'fail', summary: string, event: string, body?: OpenApiObject): OpenApiObject {
  return {
    post: {
      operationId: `sandbox${action === 'settle' ? 'Settle' : 'Fail'}Payment`,
      tags: ['Sandbox'],
      summary,
      description: `${SANDBOX_ONLY} Asks the simulated bank to decide the current attempt now; the outcome arrives asynchronously (${event}).`,
      parameters: [paymentId, idempotencyKeyParam],
      ...(body ? { requestBody: jsonBody(body) } : {}),
      responses: {
        '202': jsonResponse('Accepted; the payment as it is now (still submitted).', ref('Payment'), idempotentHeaders),
        ...errorResponses({
          '404': 'not_found.',
          '422': 'invalid_state_transition: the payment is not submitted, or the bank already decided it.',
        }),
      },
    },
  };
}

export const paths: OpenApiFragment['paths'] = {
  '/v1/payments': {
    post: {
      operationId: 'createPayment',
      tags: ['Payments'],
      summary: 'Create a payment',
      description:
        'Collects under an active mandate and submits it to the bank (payment.submitted). Only one open (submitted) payment per mandate; ' +
        'daily/weekly/monthly mandates allow one payment that has not failed per UTC day / ISO week / calendar month.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('PaymentCreate')),
      responses: {
        '201': jsonResponse('The submitted payment.', ref('Payment'), idempotentHeaders),
        ...errorResponses({
          '409': 'open_payment_exists or idempotency_key_in_use.',
          '422':
            'mandate_not_found, mandate_not_active, mandate_not_yet_valid, mandate_expired, currency_mismatch, amount_exceeds_mandate_limit, frequency_limit_reached, periodic_limit_exceeded (details name the limit) or idempotency_key_reused.',
          '503': 'service_unavailable: a dependency is unavailable; retry shortly.',
        }),
      },
    },
    get: {
      operationId: 'listPayments',
      tags: ['Payments'],
      summary: 'List payments',
      parameters: [
        ...commonListParameters,
        ...amountListParameters('amount'),
        idListParameter('mandate_id', "Only this mandate's payments."),
        idListParameter('payment_id', 'Only this payment.'),
        idListParameter('schedule_id', "Only the payments this schedule's cycles created."),
        statusListParameter(PAYMENT_STATUSES),
        dateParam('settlement_date[gte]', 'Only payments settled on or after this date.'),
        dateParam('settlement_date[lte]', 'Only payments settled on or before this date.'),
        idListParameter('reference', 'Only payments with this remittance reference (exact).'),
        idListParameter('end_to_end_id', 'Only the payment with this end-to-end identification.'),
        metadataListParameter,
      ],
      responses: { '200': jsonResponse('One page of payments.', ref('PaymentList')), ...errorResponses({ '403': 'merchant_mismatch.' }) },
    },
  },
  '/v1/payments/{id}': {
    get: {
      operationId: 'getPayment',
      tags: ['Payments'],
      summary: 'Get a payment',
      parameters: [
        paymentId,
        {
          name: 'expand',
          in: 'query',
          required: false,
          description: 'Comma-separated: mandate, refunds (400 `invalid_expand` otherwise).',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': jsonResponse('The payment (with the expanded fields when asked).', ref('PaymentExpanded')),
        ...errorResponses({ '404': 'not_found (also for other merchants\u2019 payments).' }),
      },
    },
  },
  '/v1/payments/{id}/retry': {
    post: {
      operationId: 'retryPayment',
      tags: ['Payments'],
      summary: 'Retry a failed payment',
      description:
        'Submits a failed payment again (payment.submitted), incrementing retry_count. At most 3 retries, up to and including exactly ' +
        '7 days after the payment was created, while the mandate is active and has no other open payment.',
      parameters: [paymentId, idempotencyKeyParam],
      responses: {
        '200': jsonResponse('The payment, submitted again.', ref('Payment'), idempotentHeaders),
        ...errorResponses({
          '404': 'not_found.',
          '409': 'open_payment_exists or idempotency_key_in_use.',
          '422':
            'payment_not_failed, retry_limit_reached, retry_window_expired, mandate_not_active, mandate_expired, frequency_limit_reached, periodic_limit_exceeded or idempotency_key_reused.',
          '503': 'service_unavailable.',
        }),
      },
    },
  },
  '/v1/sandbox/payments/{id}/settle': simulate('settle', 'Simulate settlement of a payment', 'payment.settled'),
  '/v1/sandbox/payments/{id}/fail': simulate('fail', 'Simulate a failed payment', 'payment.failed', ref('SandboxPaymentFail')),
};
