import { MANDATE_REQUEST_STATUSES } from '../vocabulary.js';
import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import { createdAtListParameters, idListParameter, listSchema, statusListParameter } from './pagination.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

export const schemas: OpenApiFragment['schemas'] = {
  MandateRequestList: listSchema('MandateRequest'),
};

const requestId = idParam('id', 'The mandate request id.');
const tags = ['Mandate requests'];
const notFound = { '404': 'not_found: no such mandate request (also for other merchants\u2019).' };
const requestResponse = (description: string) => jsonResponse(description, ref('MandateRequest'), idempotentHeaders);
const SANDBOX_ONLY = 'Sandbox only (404 in production).';

function decide(action: 'approve' | 'decline' | 'expire', summary: string, event: string): OpenApiObject {
  return {
    post: {
      operationId: `sandbox${action[0]!.toUpperCase()}${action.slice(1)}MandateRequest`,
      tags: ['Sandbox'],
      summary,
      description: `${SANDBOX_ONLY} Emits ${event}.`,
      parameters: [requestId, idempotencyKeyParam],
      responses: {
        '200': requestResponse('The mandate request as it now is.'),
        ...errorResponses({ ...notFound, '422': 'invalid_state_transition: the journey has ended.' }),
      },
    },
  };
}

export const paths: OpenApiFragment['paths'] = {
  '/v1/mandate-requests': {
    post: {
      operationId: 'createMandateRequest',
      tags,
      summary: 'Ask a customer for a mandate at their bank',
      description:
        'Starts the customer\u2019s consent journey: send them to `authorisation_url`, where their bank shows you as the payee with the maximum amount, and they approve or decline. They come back to `redirect_uri?mandate_request_id=…&outcome=success|declined|expired|error` (with `&mandate_id=…` on success). On approval the customer\u2019s `sca_completed` becomes true and the mandate is created and becomes `active` (mandate.created, mandate.activated, mandate_request.authorised). The terms are checked as for POST /v1/mandates, except that the customer\u2019s SCA is not needed.',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('MandateRequestCreate')),
      responses: {
        '201': requestResponse('The new mandate request, awaiting authorisation.'),
        ...errorResponses({
          '409': 'idempotency_key_in_use.',
          '422': 'customer_not_found, customer_erased, currency_mismatch, idempotency_key_reused.',
        }),
      },
    },
    get: {
      operationId: 'listMandateRequests',
      tags,
      summary: 'List mandate requests',
      description: 'Newest first by default.',
      parameters: [
        ...createdAtListParameters,
        idListParameter('customer_id', "Only this customer's mandate requests."),
        statusListParameter(MANDATE_REQUEST_STATUSES),
      ],
      responses: {
        '200': jsonResponse('One page of mandate requests.', ref('MandateRequestList')),
        ...errorResponses({ '403': 'merchant_mismatch.' }),
      },
    },
  },
  '/v1/mandate-requests/{id}': {
    get: {
      operationId: 'getMandateRequest',
      tags,
      summary: 'Get a mandate request',
      parameters: [requestId],
      responses: { '200': jsonResponse('The mandate request.', ref('MandateRequest')), ...errorResponses(notFound) },
    },
  },
  '/v1/mandate-requests/{id}/cancel': {
    post: {
      operationId: 'cancelMandateRequest',
      tags,
      summary: 'Cancel a mandate request',
      description:
        'Ends a journey still awaiting authorisation and withdraws its consent at the bank: the customer\u2019s link then ends with `outcome=expired`. Cancelling again answers the same.',
      parameters: [requestId, idempotencyKeyParam],
      responses: {
        '200': requestResponse('The cancelled mandate request.'),
        ...errorResponses({ ...notFound, '422': 'invalid_state_transition: the journey has ended otherwise.' }),
      },
    },
  },
  '/v1/sandbox/mandate-requests/{id}/approve': decide(
    'approve',
    'Approve at the model bank, as the customer would',
    'mandate_request.authorised, mandate.created, mandate.activated',
  ),
  '/v1/sandbox/mandate-requests/{id}/decline': decide(
    'decline',
    'Decline at the model bank, as the customer would',
    'mandate_request.declined',
  ),
  '/v1/sandbox/mandate-requests/{id}/expire': decide('expire', 'Let the journey run out now', 'mandate_request.expired'),
  '/v1/bank/authorise/{token}': {
    get: {
      operationId: 'beginBankAuthorisation',
      tags: ['Bank'],
      summary: 'The customer\u2019s authorisation link',
      description:
        'Where `authorisation_url` points: sends the customer\u2019s browser on to their bank (303), or to your `redirect_uri` with the outcome when the journey has ended.',
      security: [],
      parameters: [{ name: 'token', in: 'path', required: true, description: 'The link\u2019s opaque token.', schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'A page of the platform saying how the journey ended, when it has no return address.',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        '303': { description: 'On to the bank, or back to your redirect_uri.' },
        ...errorResponses({ '400': 'validation_error: the link is not known.' }),
      },
    },
  },
  '/v1/bank/callback': {
    get: {
      operationId: 'bankCallback',
      tags: ['Bank'],
      summary: 'The bank\u2019s redirect back',
      description:
        'The platform\u2019s redirect URI registered with the bank. The authorisation is completed with the bank, the outcome recorded, and the customer sent on (303) to `redirect_uri?mandate_request_id=…&outcome=…[&mandate_id=…]`. An unknown or replayed `state` or code is 400 validation_error.',
      security: [],
      responses: {
        '200': {
          description: 'A page of the platform saying how the journey ended, when it has no return address.',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        '303': { description: 'On to your redirect_uri with the outcome.' },
        ...errorResponses({ '400': 'validation_error: an unknown, used or expired state.' }),
      },
    },
    post: {
      operationId: 'bankCallbackFormPost',
      tags: ['Bank'],
      summary: 'The bank\u2019s redirect back (form post)',
      description: 'As the GET, for a bank that posts its answer.',
      security: [],
      responses: {
        '200': {
          description: 'A page of the platform saying how the journey ended, when it has no return address.',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        '303': { description: 'On to your redirect_uri with the outcome.' },
        ...errorResponses({ '400': 'validation_error: an unknown, used or expired state.' }),
      },
    },
  },
  '/v1/bank/event-notifications': {
    post: {
      operationId: 'bankEventNotification',
      tags: ['Bank'],
      summary: 'The bank\u2019s event notifications',
      description: 'Open Banking event notifications: the body is the bank\u2019s signed security event token.',
      security: [],
      requestBody: { required: true, content: { 'application/jwt': { schema: { type: 'string' } } } },
      responses: {
        '202': { description: 'Verified and taken.' },
        ...errorResponses({ '400': 'validation_error: not a valid notification.' }),
      },
    },
  },
};
