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
};

const mandateId = idParam('id', 'The mandate id.');
const mandateResponse = (description: string) => jsonResponse(description, ref('Mandate'), idempotentHeaders);

export const paths: OpenApiFragment['paths'] = {
  '/v1/mandates': {
    post: {
      operationId: 'createMandate',
      tags: ['Mandates'],
      summary: 'Create a mandate',
      description: 'Creates a mandate in `pending_sca`; it becomes `active` once confirmed (mandate.created, then mandate.activated).',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('MandateCreate')),
      responses: {
        '201': mandateResponse('The new mandate.'),
        ...errorResponses({
          '409': 'idempotency_key_in_use.',
          '422': 'customer_not_found, customer_erased, customer_sca_incomplete, currency_mismatch or idempotency_key_reused.',
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
