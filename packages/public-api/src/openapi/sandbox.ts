import { errorResponses, idParam, idempotencyKeyParam, idempotentHeaders, jsonBody, jsonResponse, ref } from './components.js';
import type { OpenApiFragment, OpenApiObject } from './types.js';

const SANDBOX_ONLY = 'Sandbox only: answers 404 `not_found` in production.';

export const schemas: OpenApiFragment['schemas'] = {
  SandboxClock: {
    type: 'object',
    description:
      "The merchant's sandbox clock. Every time rule of the merchant runs on it: frequency and periodic limits, the validity " +
      'window, the 7-day retry window, automatic settlement, the webhook retry schedule and its 24 h window, secret overlap and expiry.',
    required: ['now'],
    properties: { now: { type: 'string', format: 'date-time', description: "The merchant's current time (RFC 3339, UTC)." } },
    examples: [{ now: '2026-12-25T09:30:00.000Z' }],
  },
};

function simulate(action: string, summary: string, event: string, body?: OpenApiObject, more = ''): OpenApiObject {
  return {
    post: {
      operationId: `sandbox${action[0]!.toUpperCase()}${action.slice(1)}Mandate`,
      tags: ['Sandbox'],
      summary,
      description: `${SANDBOX_ONLY}${more} Emits ${event}.`,
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
  '/v1/sandbox/customers/{id}/balance': {
    post: {
      operationId: 'sandboxSetCustomerBalance',
      tags: ['Sandbox'],
      summary: 'Set what the customer’s account at the model bank holds',
      description: `${SANDBOX_ONLY} Funds confirmation answers from it, and a payment it cannot cover fails with \`insufficient_funds\`. Until set, the account holds plenty.`,
      parameters: [idParam('id', 'The customer id.'), idempotencyKeyParam],
      requestBody: jsonBody(ref('SandboxCustomerBalance')),
      responses: {
        '200': jsonResponse('The customer.', ref('Customer'), idempotentHeaders),
        ...errorResponses({ '400': 'validation_error (amount, currency).', '404': 'not_found (also in production).' }),
      },
    },
  },
  '/v1/sandbox/clock': {
    get: {
      operationId: 'sandboxGetClock',
      tags: ['Sandbox'],
      summary: "Read the merchant's sandbox clock",
      description: `${SANDBOX_ONLY} A clock never advanced shows the wall clock's time.`,
      responses: {
        '200': jsonResponse('The clock.', ref('SandboxClock')),
        ...errorResponses({ '404': 'not_found in production.' }),
      },
    },
  },
  '/v1/sandbox/clock/advance': {
    post: {
      operationId: 'sandboxAdvanceClock',
      tags: ['Sandbox'],
      summary: "Move the merchant's sandbox clock forward (time travel)",
      description:
        `${SANDBOX_ONLY} Moves the clock forward by \`seconds\` (1 to 400 days) in every service before answering, so the next ` +
        'request sees the new time. Work that became due runs promptly afterwards: automatic settlements, webhook retries, ' +
        'deliveries that ran out of their 24 h window fail. The clock never goes back. A 503 means some service did not take ' +
        'the new time; repeating the same advance then converges (services that already moved keep their time).',
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody(ref('SandboxClockAdvance')),
      responses: {
        '200': jsonResponse('The clock after the advance.', ref('SandboxClock'), idempotentHeaders),
        ...errorResponses({
          '400': 'validation_error: seconds missing, not an integer, below 1 or above 34560000 (400 days).',
          '404': 'not_found in production.',
          '503': 'service_unavailable: a service could not be reached; repeat the advance.',
        }),
      },
    },
  },
  '/v1/sandbox/mandates/{id}/activate': simulate('activate', 'Simulate SCA completion', 'mandate.activated'),
  '/v1/sandbox/mandates/{id}/revoke': simulate(
    'revoke',
    'Simulate a customer or bank revocation',
    'mandate.revoked',
    ref('SandboxMandateRevoke'),
    ' A mandate whose consent the model bank holds authorised is revoked AT the model bank (its back office), as a customer ' +
      'revoking in their banking app would; the platform learns of it as of any revocation at a bank (it reads the consent ' +
      'back; the bank’s event notification and the consent watcher find it too) and revokes the mandate once. The answer ' +
      'comes once the revocation is recorded (503 service_unavailable if it is not within about 12 s: it will be shortly). ' +
      'A mandate without an authorised consent at a bank (still pending_sca) is revoked directly.',
  ),
  '/v1/sandbox/mandates/{id}/suspend': simulate(
    'suspend',
    'Simulate a risk/compliance suspension, or a change of the linked account at the bank',
    'mandate.suspended',
    ref('SandboxMandateSuspend'),
    ' Without a body (or without `reason`) the platform suspends the mandate for a risk review (suspension_reason risk_review). ' +
      'With `reason` (account_closed, account_switched or account_blocked) the model bank changes the account linked to the ' +
      'mandate’s consent and tells the platform with a linked-account-update event notification, as a bank would; the ' +
      'mandate is suspended once with that suspension_reason, and the answer comes once that is recorded (503 ' +
      'service_unavailable if not within about 12 s). 422 invalid_state_transition when the mandate has no authorised ' +
      'consent at the bank for the bank to change.',
  ),
  '/v1/sandbox/mandates/{id}/reinstate': simulate('reinstate', 'Simulate lifting a suspension', 'mandate.activated'),
};
