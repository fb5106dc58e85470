/**
 * The resources events carry in `data`, written once as zod schemas: the API's responses and
 * OpenAPI document use these same schemas (the API package re-exports them), so a delivered
 * event's `data` is exactly what the resource's own GET endpoint returns.
 */
import { z } from 'zod';
import {
  CLEARING_STATUSES,
  LIMIT_ALIGNMENTS,
  LIMIT_PERIODS,
  MANDATE_FREQUENCIES,
  MANDATE_REQUEST_STATUSES,
  MANDATE_STATUSES,
  METADATA_LIMITS,
  FAILURE_ORIGINS,
  PAYMENT_FAILURE_CODES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  REVOCATION_REASONS,
  SUSPENSION_REASONS,
  VRP_TYPES,
  SCHEDULE_CANCEL_CAUSES,
  SCHEDULE_INTERVAL_UNITS,
  SCHEDULE_ON_LIMIT,
  SCHEDULE_STATUSES,
  DISABLED_REASONS,
  SIGNATURE_SCHEMES,
  WEBHOOK_ENDPOINT_STATUSES,
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
      period_start: time(
        'Start of the current period (inclusive); in a calendar-aligned limit’s pro-rated first period, when the consent’s window began (valid_from, else the mandate’s creation).',
      ),
      period_end: time('End of the current period (exclusive).'),
      max_amount: amount(
        'The amount cap of this period: the limit’s max_amount, pro-rated in a calendar-aligned limit’s first period to the days remaining (as Open Banking banks enforce it); null without an amount cap.',
      ).nullable(),
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
    status: z
      .enum(MANDATE_STATUSES)
      .describe(
        'pending_sca → active (→ suspended → active) → revoked, or → expired once controls.valid_to passed; revoked and expired are final.',
      ),
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
    revocation_reason: z
      .enum(REVOCATION_REASONS)
      .nullable()
      .describe(
        'Why it was revoked: merchant_cancelled, consent_revoked_at_bank (the customer or their bank revoked the consent) or payment_refused_consent_revoked (the bank refused a payment because the consent no longer stands); null unless revoked.',
      ),
    suspension_reason: z
      .enum(SUSPENSION_REASONS)
      .nullable()
      .describe(
        'Why it is suspended: account_closed, account_switched or account_blocked (the bank reported a change of the linked account), or risk_review; null unless suspended.',
      ),
    vrp_type: z
      .enum(VRP_TYPES)
      .describe(
        'The kind of payments the consent allows: commercial (to you, for goods and services) or sweeping (between the customer’s own accounts).',
      ),
    controls: mandateControls,
    usage: mandateUsage,
    mandate_request_id: z
      .string()
      .nullable()
      .describe('The mandate request whose authorisation created it; null for a mandate created directly.'),
    authorisation: z
      .strictObject({
        url: z.string().describe('Send the customer here: their bank shows them the payee and the limits, and they approve or decline.'),
        expires_at: time('When the link stops working.'),
      })
      .nullable()
      .describe(
        'While the mandate is `pending_sca` (created directly with POST /v1/mandates): where to send the customer to authorise its consent at their bank. Null otherwise, and while the consent is not staged yet (the bank could not be reached: repeat the create with its Idempotency-Key). Events carry the mandate as it was when they happened: `mandate.created` has it null.',
      ),
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
    vrp_type: z
      .enum(VRP_TYPES)
      .describe(
        'The kind of payments the consent allows: commercial (to you, for goods and services) or sweeping (between the customer’s own accounts).',
      ),
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
    failure: z
      .strictObject({
        code: z.enum(PAYMENT_FAILURE_CODES).describe('The same as failure_code.'),
        retryable: z.boolean().describe('Whether retrying the payment (POST /v1/payments/{id}/retry) can succeed.'),
        origin: z
          .enum(FAILURE_ORIGINS)
          .describe(
            'Who failed the payment. bank: the customer’s bank refused or failed it (its answer, or a sandbox simulation of it). ' +
              'platform: the platform failed it without the bank’s answer: the bank could not be reached after the ' +
              'platform’s own retries (technical_error), or the mandate had no authorised consent at the bank to pay under ' +
              '(bank_rejected, or mandate_revoked_at_bank when the bank had already ended the consent).',
          ),
        description: z.string().describe('What happened, in one sentence to show your team (it says so when the platform failed it).'),
      })
      .nullable()
      .describe('While failed: why, whether a retry can succeed and where it came from; null otherwise.'),
    retry_count: z.int().min(0).max(3).describe('Retries made so far.'),
    schedule_id: z.string().nullable().describe('The schedule whose cycle created the payment; null for a payment you created.'),
    will_attempt_retry: z
      .boolean()
      .describe('Whether the platform will retry this failed payment by itself (a scheduled payment with a retryable failure).'),
    next_retry_at: nullableTime('When that automatic retry is made; null when none will be.'),
    amount_refunded: amount('Total refunded so far ("0.00" when nothing was).'),
    reference: z
      .string()
      .max(18)
      .describe("The remittance reference the payer's bank statement shows (yours, or generated when you gave none)."),
    end_to_end_id: z
      .string()
      .max(35)
      .describe('The end-to-end identification sent to the bank with every attempt (Open Banking EndToEndIdentification).'),
    metadata,
    created_at: time(),
    timeline: timelineOf(PAYMENT_STATUSES, 'Every status the payment entered, oldest first (a retry adds submitted again).'),
  })
  .meta({ id: 'Payment', description: 'One collection under a mandate.' });

const scheduleCycle = z.strictObject({
  charge_date: z.string().meta({ format: 'date', description: 'The charge date; it names the cycle.' }),
  amount: amount('What the cycle collects, in major units of `currency`.'),
});

export const scheduleResource = z
  .strictObject({
    id: id('SC01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
    mandate_id: z.string().describe('The mandate collected under.'),
    status: z
      .enum(SCHEDULE_STATUSES)
      .describe('active → paused → active; cancelled (by you, or when its mandate is revoked or expires) or completed (no cycle left).'),
    amount: amount("Each cycle's amount (null for an instalment schedule).").nullable(),
    currency: currency("The mandate's currency."),
    interval_unit: z.enum(SCHEDULE_INTERVAL_UNITS).nullable().describe('day, week, month or year; null for instalments.'),
    interval: z.int().min(1).nullable().describe('How many interval units between charge dates; null for instalments.'),
    day_of_month: z.int().nullable().describe("For month and year intervals: 1–28, or -1 for the last day; null: the start date's."),
    start_date: date('The first charge date.'),
    end_date: date('No charge date after it; null: none.'),
    count: z.int().min(1).nullable().describe('The number of cycles; null: unbounded (or bounded by end_date).'),
    on_limit: z.enum(SCHEDULE_ON_LIMIT).describe('A cycle a mandate limit blocks is deferred to the earliest allowed time, or skipped.'),
    retry: z
      .strictObject({ enabled: z.boolean(), max_retries: z.int().min(0).max(3) })
      .describe('Automatic retries of retryable failures (insufficient_funds, technical_error) within 7 days.'),
    metadata,
    created_at: time(),
    next_charge_date: date("The next cycle's charge date; null once cancelled or completed."),
    upcoming: z.array(scheduleCycle).describe('The next cycles (at most 10), in order.'),
    cancel_cause: z.enum(SCHEDULE_CANCEL_CAUSES).nullable().describe('Why it was cancelled; null unless cancelled.'),
    payments_created: count('Payments its cycles have created so far.'),
  })
  .meta({ id: 'Schedule', description: 'Collections that run by themselves under a mandate.' });

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

const endpointShape = {
  id: id('WE01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
  url: z.string().meta({ format: 'uri', description: 'Where deliveries are POSTed.' }),
  description: z.string(),
  enabled_events: z
    .array(z.string())
    .describe('Event types delivered here: types, wildcards (`payment.*` for every payment event, `*` for all); empty means all.'),
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
  rate_limit: z
    .strictObject({ per_second: z.int().min(1).max(1000).describe('At most this many deliveries a second.') })
    .nullable()
    .describe('The throttle on deliveries to this endpoint (those over it wait their turn, no attempt counted); null when none.'),
  signature_scheme: z
    .enum(SIGNATURE_SCHEMES)
    .describe(
      'How deliveries are signed: `vrp` (`X-SVC-Signature: t=…,v1=<hex>`) or `standard_webhooks` (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`; any Standard Webhooks library verifies them).',
    ),
  created_at: time(),
  secret_expires_at: time('Rotate the signing secret before this: 90 days after it was issued.'),
  previous_secret_expires_at: nullableTime(
    'During the 24 h after a rotation, when the replaced secret stops signing (deliveries carry one `v1=` per live secret); null when only the current secret signs.',
  ),
};

export const webhookEndpointResource = z
  .strictObject(endpointShape)
  .meta({ id: 'WebhookEndpoint', description: 'Where signed events are delivered (never with its secret).' });

/** Export types and formats of POST /v1/exports. */
export const EXPORT_TYPES = ['payments', 'refunds', 'mandates', 'events'] as const;
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export const EXPORT_STATUSES = ['pending', 'completed', 'failed'] as const;

export const exportResource = z
  .strictObject({
    id: id('EX01JD3Q4M7P9X2K8V5N6R0T1W2Y'),
    type: z.enum(EXPORT_TYPES).describe('What is exported: one row per resource of that list.'),
    format: z
      .enum(EXPORT_FORMATS)
      .describe(
        'csv (a header line, amounts in major units beside a currency column) or jsonl (one resource per line, as its GET returns it).',
      ),
    filters: z.record(z.string(), z.unknown()).describe("The list's filters, as sent."),
    status: z
      .enum(EXPORT_STATUSES)
      .describe('pending (being written), completed (export.completed; download it) or failed (nothing to download).'),
    row_count: z.int().min(0).describe('Rows written so far; when completed, the rows of the file.'),
    snapshot_at: time('Only resources created at or before this instant are in the file.'),
    created_at: time(),
    completed_at: time('When the file was completed; null before.').nullable(),
    download_url: z
      .string()
      .nullable()
      .describe('Where the completed file is downloaded (with your token, like every route) until expires_at; null before completion.'),
    expires_at: time('When the file stops being available; null before completion.').nullable(),
  })
  .meta({ id: 'Export', description: 'A file of one list of resources, written in the background.' });
