import { MANDATE_STATUSES } from '../vocabulary.js';
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

export const schemas: OpenApiFragment['schemas'] = {
  MandateList: listSchema('Mandate'),
  FundsConfirmation: {
    type: 'object',
    description: 'The bank’s answer to whether the customer’s account can cover an amount now.',
    required: ['funds_available', 'checked_at'],
    additionalProperties: false,
    properties: {
      funds_available: { type: 'boolean', description: 'Whether the account can cover the amount now (no money is reserved).' },
      checked_at: { type: 'string', format: 'date-time', description: 'When the bank checked.' },
    },
    examples: [{ funds_available: true, checked_at: '2026-12-25T09:30:00.000Z' }],
  },
};

const mandateId = idParam('id', 'The mandate id.');
const mandateResponse = (description: string) => jsonResponse(description, ref('Mandate'), idempotentHeaders);

export const paths: OpenApiFragment['paths'] = {
  '/v1/mandates': {
    post: {
      operationId: 'createMandate',
      tags: ['Mandates'],
      summary: 'Create a mandate',
      description:
        'Creates a mandate in `pending_sca` for a customer whose SCA is complete, and stages its consent at the customer\u2019s bank: send the customer to `authorisation.url` to authorise it there. It becomes `active` once the bank reports the consent authorised (mandate.created, then mandate.activated). When the bank cannot be reached the answer is 503 service_unavailable and the mandate exists without `authorisation`: repeat the create with the same Idempotency-Key to stage it.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('MandateCreate')),
      responses: {
        '201': mandateResponse('The new mandate.'),
        ...errorResponses({
          '409': 'idempotency_key_in_use.',
          '422': 'customer_not_found, customer_erased, customer_sca_incomplete, currency_mismatch or idempotency_key_reused.',
          '503':
            'service_unavailable: the bank could not be reached to stage the consent (the mandate exists; repeat with the same Idempotency-Key).',
        }),
      },
    },
    get: {
      operationId: 'listMandates',
      tags: ['Mandates'],
      summary: 'List mandates',
      parameters: [
        ...commonListParameters,
        ...amountListParameters('maximum amount'),
        idListParameter('customer_id', "Only this customer's mandates."),
        statusListParameter(MANDATE_STATUSES),
        metadataListParameter,
      ],
      responses: { '200': jsonResponse('One page of mandates.', ref('MandateList')), ...errorResponses({ '403': 'merchant_mismatch.' }) },
    },
  },
  '/v1/mandates/{id}': {
    get: {
      operationId: 'getMandate',
      tags: ['Mandates'],
      summary: 'Get a mandate',
      parameters: [mandateId],
      responses: {
        '200': jsonResponse('The mandate.', ref('Mandate')),
        ...errorResponses({ '404': 'not_found (also for other merchants\u2019 mandates).' }),
      },
    },
  },
  '/v1/mandates/{id}/funds-confirmation': {
    post: {
      operationId: 'confirmMandateFunds',
      tags: ['Mandates'],
      summary: 'Ask the customer’s bank whether an amount is available',
      description:
        'Asks the bank, under the mandate’s consent, whether the customer’s account can cover `amount` now (Open Banking funds confirmation). Nothing is reserved or collected.',
      parameters: [mandateId, idempotencyKeyParam],
      requestBody: jsonBody(ref('FundsConfirmationRequest')),
      responses: {
        '200': jsonResponse('The bank’s answer.', ref('FundsConfirmation')),
        ...errorResponses({
          '400': 'validation_error (amount).',
          '404': 'not_found.',
          '409': 'idempotency_key_in_use.',
          '422': 'mandate_not_active (only an active mandate’s consent can be asked) or idempotency_key_reused.',
          '503': 'service_unavailable: the bank could not be reached.',
        }),
      },
    },
  },
  '/v1/mandates/{id}/cancel': {
    post: {
      operationId: 'cancelMandate',
      tags: ['Mandates'],
      summary: 'Cancel a mandate',
      description: 'Revokes the mandate at once (revoked_by `merchant`); future collections halt. Emits mandate.revoked.',
      parameters: [mandateId, idempotencyKeyParam],
      responses: {
        '200': mandateResponse('The revoked mandate.'),
        ...errorResponses({
          '404': 'not_found.',
          '409': 'idempotency_key_in_use.',
          '422': 'mandate_not_cancellable (already revoked) or idempotency_key_reused.',
        }),
      },
    },
  },
};
