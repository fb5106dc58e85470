import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import { createdAtListParameters, listSchema } from './pagination.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

export const schemas: OpenApiFragment['schemas'] = {
  CustomerList: listSchema('Customer'),
};

const customerId = idParam('id', 'The customer id.');
const tags = ['Customers'];
const notFound = { '404': 'not_found: no such customer (also for other merchants\u2019).' };

const jo = {
  id: 'CU01JD3Q4M7P9X2K8V5N6R0T1W2Y',
  email: 'jo@example.com',
  name: 'Jo Bloggs',
  reference: 'ACC-1042',
  metadata: { plan: 'gold' },
  sca_completed: false,
  created_at: '2026-11-27T10:15:00.000Z',
  erased_at: null,
};
const erased = { ...jo, email: null, name: null, reference: null, metadata: {}, erased_at: '2026-12-01T09:00:00.000Z' };

/** A JSON response with `schema` and one named example of its body. */
function withExample(response: OpenApiObject, name: string, value: unknown): OpenApiObject {
  const content = response.content as Record<string, OpenApiObject>;
  return { ...response, content: { 'application/json': { ...content['application/json'], examples: { [name]: { value } } } } };
}

export const paths: OpenApiFragment['paths'] = {
  '/v1/customers': {
    post: {
      operationId: 'createCustomer',
      tags,
      summary: 'Create a customer',
      description:
        'Records a payer of yours with whatever details you have; every field is optional. The customer starts with `sca_completed: false`: they authenticate at their bank later, before a mandate can be created for them (422 `customer_sca_incomplete` until then).',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('CustomerCreate')),
      responses: {
        '201': withExample(jsonResponse('The new customer.', ref('Customer'), idempotentHeaders), 'created', jo),
        ...errorResponses({ '409': 'idempotency_key_in_use.', '422': 'idempotency_key_reused.' }),
      },
    },
    get: {
      operationId: 'listCustomers',
      tags,
      summary: 'List customers',
      description: 'Newest first by default. Erased customers are listed too, without their personal data.',
      parameters: [
        ...createdAtListParameters,
        {
          name: 'email',
          in: 'query',
          required: false,
          description: 'Only customers with this email address, compared case-insensitively.',
          schema: { type: 'string', maxLength: 254 },
        },
        {
          name: 'reference',
          in: 'query',
          required: false,
          description: 'Only customers with exactly this reference.',
          schema: { type: 'string', maxLength: 64 },
        },
      ],
      responses: {
        '200': withExample(jsonResponse('One page of customers.', ref('CustomerList')), 'page', {
          results: [jo],
          next_cursor: null,
          previous_cursor: null,
          page_size: 1,
        }),
        ...errorResponses({ '403': 'merchant_mismatch.' }),
      },
    },
  },
  '/v1/customers/{id}': {
    get: {
      operationId: 'getCustomer',
      tags,
      summary: 'Get a customer',
      parameters: [customerId],
      responses: { '200': withExample(jsonResponse('The customer.', ref('Customer')), 'customer', jo), ...errorResponses(notFound) },
    },
    patch: {
      operationId: 'updateCustomer',
      tags,
      summary: 'Update a customer',
      description:
        'Changes the fields sent and only those: a value replaces the old one, `null` clears it; `metadata` is replaced as a whole. An erased customer cannot be changed (422 `customer_erased`). A PATCH changes the customer to the same state however often it is repeated, so it takes no Idempotency-Key.',
      parameters: [customerId],
      requestBody: jsonBody(ref('CustomerUpdate')),
      responses: {
        '200': withExample(jsonResponse('The customer as it now is.', ref('Customer')), 'updated', {
          ...jo,
          email: 'jo.bloggs@example.com',
        }),
        ...errorResponses({ ...notFound, '422': 'customer_erased: the customer was erased and can no longer be changed.' }),
      },
    },
    delete: {
      operationId: 'deleteCustomer',
      tags,
      summary: 'Erase a customer’s personal data',
      description:
        'Blanks the customer’s email, name, reference and metadata for good and sets `erased_at`. The customer’s id stays, and so do their mandates, payments and refunds (money records are kept). Refused with 409 `customer_has_active_mandates` while one of their mandates is `pending_sca`, `active` or `suspended`: cancel it first. An erased customer cannot be given a mandate (422 `customer_erased`). Erasing an erased customer answers it again.',
      parameters: [customerId],
      responses: {
        '200': withExample(jsonResponse('The erased customer.', ref('Customer')), 'erased', erased),
        ...errorResponses({
          ...notFound,
          '409': 'customer_has_active_mandates: a mandate of the customer is pending_sca, active or suspended; cancel it first.',
        }),
      },
    },
  },
};
