/**
 * Every resource the public API returns, written once as a zod schema: the presenters' return
 * types are inferred from these, the OpenAPI document's resource schemas are generated from
 * them, and the tests validate real responses against that document.
 */
import {
  exportResource,
  mandateRequestResource,
  mandateResource,
  paymentResource,
  refundResource,
  scheduleResource,
  webhookEndpointResource,
} from '@vrp/webhook-verify';
import { z } from 'zod';
import { METADATA_LIMITS } from './metadata.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_WILDCARDS } from './vocabulary.js';

// The same building blocks as the event resources' (@vrp/webhook-verify), for the API's own resources.
// Responses are built by the presenters, not parsed: these describe them (Ajv checks formats in the tests).
const time = (description?: string) => z.string().meta({ format: 'date-time', ...(description ? { description } : {}) });
const nullableTime = (description: string) => z.string().nullable().meta({ format: 'date-time', description });
const id = (example: string, description?: string) => z.string().meta({ examples: [example], ...(description ? { description } : {}) });
const metadata = z
  .record(z.string().max(METADATA_LIMITS.maxKeyLength), z.union([z.string().max(METADATA_LIMITS.maxValueLength), z.number()]))
  .describe(
    `Your own key-value data: at most ${METADATA_LIMITS.maxKeys} keys of at most ${METADATA_LIMITS.maxKeyLength} characters; values are strings or numbers of at most ${METADATA_LIMITS.maxValueLength} characters.`,
  )
  .meta({ maxProperties: METADATA_LIMITS.maxKeys });

const personal = (description: string) => z.string().nullable().describe(`${description}; null when none was given, and after erasure.`);

export const customerResource = z
  .strictObject({
    id: id('CU01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
    email: personal('The customer’s email address').meta({ examples: ['jo@example.com'] }),
    name: personal('The customer’s name'),
    reference: personal('Your own reference for the customer (at most 64 characters)'),
    metadata: metadata.describe(`${metadata.description} Empty after erasure.`),
    sca_completed: z
      .boolean()
      .describe(
        'Whether the customer has completed Strong Customer Authentication at their bank; mandates need it (422 `customer_sca_incomplete`). False for a customer created with POST /v1/customers until they do.',
      ),
    created_at: time(),
    erased_at: nullableTime(
      'When the customer’s personal data (email, name, reference, metadata) was erased; null while it is kept. An erased customer cannot be changed or given a mandate.',
    ),
  })
  .meta({
    id: 'Customer',
    description:
      'A payer of yours: their contact details and your reference, and whether they have authenticated at their bank. Mandates name their customer by `customer_id`.',
  });

export const paymentExpandedResource = paymentResource
  .extend({
    mandate: mandateResource.optional().describe('With expand=mandate: the mandate as GET /v1/mandates/{id} returns it.'),
    refunds: z
      .array(refundResource)
      .optional()
      .describe(
        'With expand=refunds: the payment’s refunds, oldest first, at most 100, each as GET /v1/refunds/{id} returns it. ' +
          'List them all with GET /v1/refunds?payment_id={id}&order=created_at (its first page of 100 is this one).',
      ),
    refunds_has_more: z.boolean().optional().describe('With expand=refunds: true when the payment has more refunds than the 100 embedded.'),
  })
  .meta({
    id: 'PaymentExpanded',
    description: 'A payment with `expand=mandate,refunds`: each expanded field exactly as its own endpoint returns it.',
  });

export const refundExpandedResource = refundResource.extend({ payment: paymentResource }).meta({
  id: 'RefundExpanded',
  description: 'A refund with `expand=payment`: the refund plus its payment exactly as GET /v1/payments/{id} returns it.',
});

/** An enabled_events entry: an event type, a resource's wildcard (`payment.*`) or `*`. */
const subscription = z.union([z.enum(WEBHOOK_EVENT_TYPES), z.enum(WEBHOOK_EVENT_WILDCARDS)]);

/** The endpoint as the API answers it: the events' endpoint schema, its subscriptions spelled out. */
export const webhookEndpointApiResource = webhookEndpointResource.extend({
  enabled_events: z
    .array(subscription)
    .describe('Event types delivered here: types, wildcards (`payment.*` for every payment event, `*` for all); empty means all.'),
});

export const webhookEndpointWithSecretResource = webhookEndpointApiResource
  .extend({
    secret: z
      .string()
      .regex(/^whsec_/)
      .describe(
        'The signing secret (`whsec_` + base64), shown only now. With the `vrp` scheme deliveries carry `X-SVC-Signature: t=<unix seconds>,v1=<hex>`: lowercase hex HMAC-SHA256 keyed with this string (UTF-8) over `<t>.<raw body>`. With `standard_webhooks` the key is the base64-decoded part after `whsec_`, as the Standard Webhooks specification defines it. After a rotation the old secret keeps signing beside the new one for 24 h (one signature each).',
      ),
  })
  .describe('A webhook endpoint with its signing secret, in the answers to create and rotate-secret only.');

export const webhookAttemptResource = z
  .strictObject({
    endpoint_id: z.string(),
    attempt: z.int().min(1).describe('Per endpoint; a manual retry continues the numbering.'),
    attempted_at: time(),
    status_code: z.int().nullable().describe('HTTP status received; null when none was (timeout, refused connection).'),
    latency_ms: z.int().min(0),
    error: z
      .string()
      .nullable()
      .describe(
        'Why it failed (`HTTP 503`, `timed out after 10000 ms`, `connection refused`, a refused private address); null on success.',
      ),
    success: z.boolean().describe('A 2xx answer within 10 s.'),
    response_excerpt: z
      .string()
      .describe('The first 500 characters of the body your endpoint answered (control characters shown as U+FFFD); empty when none came.'),
  })
  .meta({ id: 'WebhookAttempt', description: 'One delivery attempt of an event to an endpoint.' });

const eventShape = {
  id: id('EV01JD3Q4M7P9X2K8V5N6R0T1W2Y', 'The event id, equal to `event_id` in the delivered body.'),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  created_at: time(),
  delivery_status: z
    .enum(WEBHOOK_DELIVERY_STATUSES)
    .describe(
      'pending: nothing attempted yet; delivered: every endpoint answered 2xx, or no endpoint was subscribed (nothing to deliver, no attempts); retrying: an endpoint awaits another attempt; delivery_failed: attempts ran out (9 over at most 24 h).',
    ),
  test: z.boolean().describe('A sandbox test event from POST /v1/webhooks/test.'),
  data: z
    .union([mandateResource, paymentResource, refundResource, mandateRequestResource, webhookEndpointResource])
    .describe(
      'The resource exactly as its own GET endpoint returned it when the event happened (an endpoint for webhook_endpoint events).',
    ),
};

export const webhookEventResource = z.strictObject(eventShape).describe('An event and its delivery status.');

export const webhookEventWithAttemptsResource = z
  .strictObject({ ...eventShape, attempts: z.array(webhookAttemptResource).describe('Every delivery attempt, oldest first.') })
  .describe('An event with every delivery attempt.');

/** Resources by their OpenAPI component name; the document's schemas are generated from these. */
export const RESOURCES = {
  WebhookAttempt: webhookAttemptResource,
  Customer: customerResource,
  Mandate: mandateResource,
  MandateRequest: mandateRequestResource,
  Payment: paymentResource,
  PaymentExpanded: paymentExpandedResource,
  Refund: refundResource,
  RefundExpanded: refundExpandedResource,
  Schedule: scheduleResource,
  WebhookEndpoint: webhookEndpointApiResource,
  WebhookEndpointWithSecret: webhookEndpointWithSecretResource,
  WebhookEvent: webhookEventResource,
  WebhookEventWithAttempts: webhookEventWithAttemptsResource,
  Export: exportResource,
} as const;

/** `value` with zod's `#/$defs/X` references pointed at the document's components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : toComponentRefs(v),
    ]),
  );
}

/** The JSON Schema (2020-12) of a resource as responses carry it; nested resources become `$ref`s to their components. */
export function resourceSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  const defs = (json.$defs ?? {}) as Record<string, Record<string, unknown>>;
  // A resource with a component id comes back as a reference to itself: take its definition.
  const root = typeof json.$ref === 'string' ? defs[json.$ref.split('/').pop()!]! : json;
  const { $schema: _schema, $defs: _defs, ...rest } = root;
  return toComponentRefs(rest) as Record<string, unknown>;
}

export { mandateRequestResource, mandateResource, paymentResource, refundResource, scheduleResource, webhookEndpointResource };

export type CustomerJson = z.output<typeof customerResource>;
export type MandateJson = z.output<typeof mandateResource>;
export type MandateRequestJson = z.output<typeof mandateRequestResource>;
export type PaymentJson = z.output<typeof paymentResource>;
export type RefundJson = z.output<typeof refundResource>;
export type ScheduleJson = z.output<typeof scheduleResource>;
export type ExportJson = z.output<typeof exportResource>;
export type WebhookEndpointJson = z.output<typeof webhookEndpointResource> & { secret?: string };
export type WebhookAttemptJson = z.output<typeof webhookAttemptResource>;
export type WebhookEventJson = z.output<typeof webhookEventResource> & { attempts?: WebhookAttemptJson[] };
