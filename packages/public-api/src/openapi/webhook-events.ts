import { WEBHOOK_EVENT_TYPES } from '../vocabulary.js';
import { ref } from './components.js';
import type { OpenApiObject } from './types.js';

/** The resource each event type carries in `data`, as its own GET returns it. */
const RESOURCE_OF: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'mandate.created': 'Mandate',
  'mandate.activated': 'Mandate',
  'mandate.revoked': 'Mandate',
  'mandate.suspended': 'Mandate',
  'payment.submitted': 'Payment',
  'payment.settled': 'Payment',
  'payment.failed': 'Payment',
  'payment.refunded': 'Payment',
  'refund.created': 'Refund',
  'refund.settled': 'Refund',
  'mandate_request.authorised': 'MandateRequest',
  'mandate_request.declined': 'MandateRequest',
  'mandate_request.expired': 'MandateRequest',
};

const WHEN: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'mandate.created': 'A mandate was created (pending_sca).',
  'mandate.activated': 'A mandate became active (SCA confirmed, or reinstated after a suspension).',
  'mandate.revoked': 'A mandate was revoked by the merchant, the customer or the bank.',
  'mandate.suspended': 'A mandate was suspended; collections pause until it is reinstated.',
  'payment.submitted': 'A payment (or a retry of it) was submitted to the bank.',
  'payment.settled': 'The bank settled a payment (also sent when a rejected refund gives money back).',
  'payment.failed': 'The bank failed a payment; `failure_code` says why.',
  'payment.refunded': 'A refund was booked against a payment; `amount_refunded` is its new total.',
  'refund.created': 'A refund was created and handed to the bank.',
  'refund.settled': 'The bank settled a refund.',
  'mandate_request.authorised': 'The customer approved the consent at their bank; `mandate_id` names the mandate now created.',
  'mandate_request.declined': 'The customer declined the consent at their bank.',
  'mandate_request.expired': 'The customer did not authorise the consent before `expires_at`.',
};

/** Component name of an event type's payload, e.g. `PaymentSettledEvent`. */
const schemaName = (type: string) =>
  type
    .split(/[._]/)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('') + 'Event';

/** One payload schema per event type: the envelope with `data` the resource as GET returns it. */
export function webhookEventSchemas(): Record<string, OpenApiObject> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      schemaName(type),
      {
        type: 'object',
        description: WHEN[type],
        required: ['event_id', 'event_type', 'created_at', 'data'],
        additionalProperties: false,
        properties: {
          event_id: {
            type: 'string',
            description: 'Unique per event; deduplicate on it (delivery is at least once).',
            examples: ['EV01JD3Q4M7P9X2K8V5N6R0T1W2Y'],
          },
          event_type: { type: 'string', const: type },
          created_at: { type: 'string', format: 'date-time', description: 'When the change happened.' },
          data: ref(RESOURCE_OF[type]),
        },
      },
    ]),
  );
}

const signatureHeaders: OpenApiObject[] = [
  {
    name: 'X-SVC-Signature',
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with your endpoint secret>`; during a secret rotation one v1 per live secret. ' +
      'Verify it on the raw bytes (the `@vrp/webhook-verify` package does) and refuse timestamps older than 5 minutes.',
    schema: { type: 'string', examples: ['t=1732233600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'] },
  },
  { name: 'X-SVC-Event-Id', in: 'header', required: true, description: 'The event id (as in the body).', schema: { type: 'string' } },
  { name: 'X-SVC-Event-Type', in: 'header', required: true, description: 'The event type (as in the body).', schema: { type: 'string' } },
  {
    name: 'X-SVC-Delivery-Attempt',
    in: 'header',
    required: true,
    description: 'Attempt number, from 1.',
    schema: { type: 'integer', minimum: 1 },
  },
  {
    name: 'X-SVC-Sandbox',
    in: 'header',
    required: false,
    description: '`true` on sandbox deliveries.',
    schema: { type: 'string', enum: ['true'] },
  },
];

/**
 * The `webhooks` section: what the platform POSTs to a merchant's endpoint for each event type.
 * Answer 2xx within 10 seconds; anything else is retried (9 attempts over about a day).
 */
export function webhookOperations(): Record<string, OpenApiObject> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `on${schemaName(type)}`,
          tags: ['Webhooks'],
          summary: type,
          description: `${WHEN[type]} Sent to every enabled endpoint subscribed to \`${type}\` (or to all events).`,
          security: [],
          parameters: signatureHeaders,
          requestBody: { required: true, content: { 'application/json': { schema: ref(schemaName(type)) } } },
          responses: {
            '200': { description: 'Received. Any 2xx within 10 seconds counts as delivered.' },
            '410': { description: 'Gone: the endpoint is disabled and receives nothing more.' },
          },
        },
      },
    ]),
  );
}
