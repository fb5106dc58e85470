import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

const SANDBOX_ONLY = 'Sandbox only: answers 404 `not_found` in production.';

export const schemas: OpenApiFragment['schemas'] = {};

function simulate(action: string, summary: string, event: string, body?: OpenApiObject): OpenApiObject {
  return {
    post: {
      operationId: `sandbox${action[0]!.toUpperCase()}${action.slice(1)}Mandate`,
      tags: ['Sandbox'],
      summary,
      description: `${SANDBOX_ONLY} Emits ${event}.`,
      parameters: [idParam('id', 'The mandate id.'), idempotencyKeyParam],
      ...(body ? { requestBody: jsonBody(body) } : {}),
      responses: {
        '200': jsonResponse('The mandate after the transition.', ref('Mandate'), idempotentHeaders),
        ...errorResponses({ '404': 'not_found.', '422': 'invalid_state_transition: the mandate is not in a state this applies to.' }),
      },
    },
  };
}

export const paths: OpenApiFragment['paths'] = {
  '/v1/sandbox/customers': {
    post: {
      operationId: 'sandboxCreateCustomer',
      tags: ['Sandbox'],
      summary: 'Create a test customer',
      description: SANDBOX_ONLY,
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('SandboxCustomerCreate')),
      responses: {
        '201': jsonResponse('The customer.', ref('Customer'), idempotentHeaders),
        ...errorResponses({ '404': 'not_found in production.' }),
      },
    },
  },
  '/v1/sandbox/mandates/{id}/activate': simulate('activate', 'Simulate SCA completion', 'mandate.activated'),
  '/v1/sandbox/mandates/{id}/revoke': simulate(
    'revoke',
    'Simulate a customer or bank revocation',
    'mandate.revoked',
    ref('SandboxMandateRevoke'),
  ),
  '/v1/sandbox/mandates/{id}/suspend': simulate('suspend', 'Simulate a risk/compliance suspension', 'mandate.suspended'),
  '/v1/sandbox/mandates/{id}/reinstate': simulate('reinstate', 'Simulate lifting a suspension', 'mandate.activated'),
};
