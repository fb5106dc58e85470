import { EVENT_CATALOGUE, type EventType } from '@vrp/webhook-verify';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../vocabulary.js';
import { ref } from './components.js';
import type { OpenApiObject } from './types.js';

/** The component each event type's `data` is (its zod schema's id, e.g. `Payment`) and when it is sent, from the event catalogue. */
function RESOURCE_OF(type: EventType): string {
  const id = z.globalRegistry.get(EVENT_CATALOGUE[type].data)?.id;
  if (!id) throw new Error(`the event catalogue's ${type} carries a schema with no component id`);
  return id;
}
const WHEN = (type: EventType) => EVENT_CATALOGUE[type].description;

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
        description: WHEN(type),
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
          data: ref(RESOURCE_OF(type)),
        },
      },
    ]),
  );
}

const signatureHeaders: OpenApiObject[] = [
  {
    name: 'X-SVC-Signature',
    in: 'header',
    required: false,
    description:
      'On endpoints with `signature_scheme: vrp` (the default). `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with your endpoint secret>`; during a secret rotation one v1 per live secret. ' +
      'Verify it on the raw bytes (the `@vrp/webhook-verify` package does) and refuse timestamps older than 5 minutes.',
    schema: { type: 'string', examples: ['t=1732233600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'] },
  },
  {
    name: 'X-SVC-Event-Id',
    in: 'header',
    required: false,
    description: 'On `vrp` endpoints: the event id (as in the body).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-id',
    in: 'header',
    required: false,
    description: 'On endpoints with `signature_scheme: standard_webhooks`: the event id (as in the body), the same on every attempt.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: false,
    description: 'On `standard_webhooks` endpoints: unix seconds when this attempt was signed; refuse it when more than 5 minutes away.',
    schema: { type: 'string', examples: ['1732233600'] },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: false,
    description:
      'On `standard_webhooks` endpoints: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the base64-decoded part of your `whsec_` secret; during a rotation one entry per live secret, space-separated. Any Standard Webhooks library verifies it.',
    schema: { type: 'string', examples: ['v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='] },
  },
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
          description: `${WHEN(type)} Sent to every enabled endpoint subscribed to \`${type}\` (or to all events).`,
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
