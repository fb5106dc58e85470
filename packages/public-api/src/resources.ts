/**
 * Every resource the public API returns, written once as a zod schema: the presenters' return
 * types are inferred from these, the OpenAPI document's resource schemas are generated from
 * them, and the tests validate real responses against that document.
 */
import { z } from 'zod';
import { METADATA_LIMITS } from './metadata.js';
import {
  CLEARING_STATUSES,
  DISABLED_REASONS,
  LIMIT_ALIGNMENTS,
  LIMIT_PERIODS,
  MANDATE_FREQUENCIES,
  MANDATE_REQUEST_STATUSES,
  MANDATE_STATUSES,
  PAYMENT_FAILURE_CODES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from './vocabulary.js';

const AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
// Responses are built by the presenters, not parsed: these describe them (Ajv checks formats in the tests).
const time = (description?: string) => z.string().meta({ format: 'date-time', ...(description ? { description } : {}) });
const date = (description: string) => z.string().nullable().meta({ format: 'date', description });
const nullableTime = (description: string) => z.string().nullable().meta({ format: 'date-time', description });
const id = (example: string, description?: string) => z.string().meta({ examples: [example], ...(description ? { description } : {}) });
const amount = (description: string) =>
  z
    .string()
    .regex(AMOUNT)
    .meta({ description, examples: ['10.00'] });
const currency = (description?: string) =>
  z
    .string()
    .regex(/^[A-Z]{3}$/)
    .meta({ examples: ['GBP'], ...(description ? { description } : {}) });
const metadata = z
  .record(z.string().max(METADATA_LIMITS.maxKeyLength), z.union([z.string().max(METADATA_LIMITS.maxValueLength), z.number()]))
  .describe(
    `Your own key-value data: at most ${METADATA_LIMITS.maxKeys} keys of at most ${METADATA_LIMITS.maxKeyLength} characters; values are strings or numbers of at most ${METADATA_LIMITS.maxValueLength} characters.`,
  )
  .meta({ maxProperties: METADATA_LIMITS.maxKeys });
const timelineOf = <const S extends readonly [string, ...string[]]>(statuses: S, description: string) =>
  z.array(z.strictObject({ status: z.enum(statuses), at: time() })).describe(description);

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

const count = (description: string) => z.number().int().min(0).describe(description);

const mandateControls = z
  .strictObject({
    valid_from: nullableTime('Payments before it are refused (422 mandate_not_yet_valid); null: from creation.'),
    valid_to: nullableTime('Payments from it on are refused (422 mandate_expired); null: no end.'),
    periodic_limits: z.array(
      z.strictObject({
        period: z.enum(LIMIT_PERIODS),
        alignment: z.enum(LIMIT_ALIGNMENTS),
        max_amount: amount('The most one period may collect; null: no amount cap.').nullable(),
        max_payments: z.number().int().min(1).nullable().describe('The most payments one period may hold; null: no count cap.'),
      }),
    ),
  })
  .nullable()
  .describe('VRP consent controls; null when the mandate has none.');

const mandateUsage = z
  .array(
    z.strictObject({
      period: z.enum(LIMIT_PERIODS),
      alignment: z.enum(LIMIT_ALIGNMENTS),
      period_start: time('Start of the current period (inclusive).'),
      period_end: time('End of the current period (exclusive).'),
      amount_used: amount('Sum of the period’s payments that have not failed.'),
      payments_used: count('Number of the period’s payments that have not failed.'),
      amount_remaining: amount('What the period may still collect; null without an amount cap.').nullable(),
      payments_remaining: z.number().int().min(0).nullable().describe('Payments the period may still hold; null without a count cap.'),
    }),
  )
  .optional()
  .describe(
    'Only for a mandate with periodic limits, on answers about that one mandate (create, retrieve, cancel, sandbox changes, expand=mandate): each limit’s current period and what it has used, in the order of controls.periodic_limits.',
  );

export const mandateResource = z
  .strictObject({
    id: id('MD01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
    customer_id: z.string(),
    status: z.enum(MANDATE_STATUSES).describe('pending_sca → active (→ suspended → active) → revoked.'),
    description: z.string(),
    metadata,
    limits: z.strictObject({
      maximum_amount: amount('The most one payment may collect.'),
      currency: currency(),
      frequency: z.enum(MANDATE_FREQUENCIES),
    }),
    created_at: time(),
    revoked_at: nullableTime('When it was revoked; null otherwise.'),
    revoked_by: z.enum(['merchant', 'customer', 'bank']).nullable(),
    suspended_at: nullableTime('When it was suspended, while suspended; null otherwise.'),
    controls: mandateControls,
    usage: mandateUsage,
    mandate_request_id: z
      .string()
      .nullable()
      .describe('The mandate request whose authorisation created it; null for a mandate created directly.'),
  })
  .meta({ id: 'Mandate', description: 'Authorises recurring collections from a customer within limits.' });

export const mandateRequestResource = z
  .strictObject({
    id: id('MQ01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
    customer_id: z.string(),
    status: z
      .enum(MANDATE_REQUEST_STATUSES)
      .describe('awaiting_authorisation → authorised (the mandate exists) | declined | expired | cancelled; each end is final.'),
    description: z.string(),
    metadata,
    limits: z.strictObject({
      maximum_amount: amount('The most one payment may collect, as the customer is asked to authorise.'),
      currency: currency(),
      frequency: z.enum(MANDATE_FREQUENCIES),
    }),
    controls: mandateControls,
    redirect_uri: z
      .string()
      .describe('Where the customer is sent when the journey ends, with mandate_request_id, outcome and (on success) mandate_id.'),
    authorisation_url: z
      .string()
      .nullable()
      .describe(
        'Send the customer here to authorise the mandate at their bank; null only while the bank could not be reached (GET it again).',
      ),
    expires_at: time(),
    mandate_id: z.string().nullable().describe('The mandate the approval created; null until the request is authorised.'),
    created_at: time(),
  })
  .meta({
    id: 'MandateRequest',
    description: 'A customer’s consent journey at their bank: approved, it creates an active mandate.',
  });

export const paymentResource = z
  .strictObject({
    id: id('PM01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
    mandate_id: z.string().describe('The mandate collected under.'),
    amount: amount('Collected, in major units of `currency`.'),
    currency: currency(),
    status: z
      .enum(PAYMENT_STATUSES)
      .describe(
        'submitted (open; payment.submitted) → settled (payment.settled) or failed (payment.failed). A retry moves failed → submitted. ' +
          'A fully refunded payment is refunded; a partly refunded one stays settled with amount_refunded.',
      ),
    clearing_status: z
      .enum(CLEARING_STATUSES)
      .describe('Where the bank is with the current attempt: pending (sent), clearing (accepted), cleared (settled) or rejected (failed).'),
    settlement_date: date('The date the funds settled; null until settled.'),
    failure_code: z
      .enum(PAYMENT_FAILURE_CODES)
      .nullable()
      .describe(
        'While failed: insufficient_funds, mandate_revoked_at_bank, account_closed, account_blocked, violates_consent_parameters ' +
          '(outside the limits the customer authorised at their bank), payment_stopped (the customer stopped it), technical_error ' +
          "(the bank's technical failure; retrying may succeed), bank_rejected (declined without a more specific reason) " +
          'or refer_to_payer (contact the payer before retrying). null otherwise.',
      ),
    retry_count: z.int().min(0).max(3).describe('Retries made so far.'),
    amount_refunded: amount('Total refunded so far ("0.00" when nothing was).'),
    metadata,
    created_at: time(),
    timeline: timelineOf(PAYMENT_STATUSES, 'Every status the payment entered, oldest first (a retry adds submitted again).'),
  })
  .meta({ id: 'Payment', description: 'One collection under a mandate.' });

export const refundResource = z
  .strictObject({
    id: id('RF01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
    payment_id: z.string().describe('The payment refunded.'),
    amount: amount('Amount returned to the customer, in the payment currency.'),
    currency: currency("The payment's currency."),
    status: z
      .enum(REFUND_STATUSES)
      .describe(
        'pending_settlement → settled (refund.settled), or → failed when the bank rejects it; a failed refund’s amount becomes refundable again.',
      ),
    reason: z.string().nullable().describe('Your reason, as given; null when none was given.'),
    metadata,
    created_at: time(),
    expected_settlement_date: date('When the refund is expected to settle (working days; bank holidays may delay it).'),
    settled_at: nullableTime('When it settled; null until then.'),
    timeline: timelineOf(REFUND_STATUSES, 'Every status the refund entered, oldest first.'),
  })
  .meta({ id: 'Refund', description: 'Money given back from a settled payment.' });

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

const endpointShape = {
  id: id('WE01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
  url: z.string().meta({ format: 'uri', description: 'Where deliveries are POSTed.' }),
  description: z.string(),
  enabled_events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe('Event types delivered here; empty means all.'),
  status: z
    .enum(WEBHOOK_ENDPOINT_STATUSES)
    .describe(
      '`disabled`: it receives no new deliveries and its waiting ones end as failed; `disabled_reason` says why. `POST …/enable` turns it back on.',
    ),
  disabled_reason: z
    .enum(DISABLED_REASONS)
    .nullable()
    .describe(
      'Why a disabled endpoint is disabled: `gone` (it answered 410 Gone), `failing` (no successful delivery for WEBHOOK_DISABLE_AFTER, 5 days by default, of continuous failures) or `merchant` (POST …/disable). Null while enabled.',
    ),
  created_at: time(),
  secret_expires_at: time('Rotate the signing secret before this: 90 days after it was issued.'),
  previous_secret_expires_at: nullableTime(
    'During the 24 h after a rotation, when the replaced secret stops signing (deliveries carry one `v1=` per live secret); null when only the current secret signs.',
  ),
};

export const webhookEndpointResource = z.strictObject(endpointShape).describe('Where signed events are delivered.');

export const webhookEndpointWithSecretResource = z
  .strictObject({
    ...endpointShape,
    secret: z
      .string()
      .regex(/^whsec_/)
      .describe(
        'The signing secret, shown only now. Deliveries carry `X-SVC-Signature: t=<unix seconds>,v1=<hex>`: lowercase hex HMAC-SHA256 keyed with this string (UTF-8) over `<t>.<raw body>`. After a rotation the old secret keeps signing beside the new one for 24 h (one `v1=` each).',
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
    .union([mandateResource, paymentResource, refundResource, mandateRequestResource])
    .describe('The resource exactly as its own GET endpoint returned it when the event happened.'),
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
  WebhookEndpoint: webhookEndpointResource,
  WebhookEndpointWithSecret: webhookEndpointWithSecretResource,
  WebhookEvent: webhookEventResource,
  WebhookEventWithAttempts: webhookEventWithAttemptsResource,
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

export type CustomerJson = z.output<typeof customerResource>;
export type MandateJson = z.output<typeof mandateResource>;
export type MandateRequestJson = z.output<typeof mandateRequestResource>;
export type PaymentJson = z.output<typeof paymentResource>;
export type RefundJson = z.output<typeof refundResource>;
export type WebhookEndpointJson = z.output<typeof webhookEndpointResource> & { secret?: string };
export type WebhookAttemptJson = z.output<typeof webhookAttemptResource>;
export type WebhookEventJson = z.output<typeof webhookEventResource> & { attempts?: WebhookAttemptJson[] };
