/**
 * Every request body of the public API, written once as a zod schema. Each schema is the source
 * of three things: the gateway's validation (every problem reported, each in `details[]`), the
 * TypeScript type of the parsed body, and the request body schema in the OpenAPI document.
 */
import type { FieldProblem } from '@vrp/errors';
import { z } from 'zod';
import { invalid, metadataProblems, METADATA_LIMITS } from './metadata.js';
import { EXPORT_FORMATS, EXPORT_TYPES } from '@vrp/webhook-verify';
import {
  LIMIT_ALIGNMENTS,
  LIMIT_PERIODS,
  MANDATE_FREQUENCIES,
  VRP_TYPES,
  PAYMENT_FAILURE_CODES,
  SCHEDULE_INTERVAL_UNITS,
  SCHEDULE_ON_LIMIT,
  SIGNATURE_SCHEMES,
  TESTABLE_EVENT_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_WILDCARDS,
} from './vocabulary.js';

/** Longest free-text reason accepted on a refund. */
export const REFUND_REASON_MAX_LENGTH = 500;

/** A decimal amount in major units: digits, at most one point, no sign, exponent or spaces. */
const AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

const text = (field: string, max: number, options: { optional?: boolean; description?: string } = {}) => {
  const base = z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .max(max, `${field} must be at most ${max} characters`);
  const described = options.description ? base.describe(options.description) : base;
  return options.optional ? described.optional() : described.min(1, `${field} must not be empty`);
};

const oneOf = <const V extends readonly [string, ...string[]]>(field: string, values: V) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be one of ${values.join(', ')}`),
  });

const amount = (field: string, description: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a decimal string such as "10.00"`),
    })
    .regex(AMOUNT, `${field} must be a decimal string such as "10.00" (no sign, exponent or spaces)`)
    .describe(description)
    .meta({ examples: ['10.00'] });

const currency = (description: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'currency is required' : 'currency must be a string') })
    .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 currency code such as GBP')
    .describe(description)
    .meta({ examples: ['GBP'] });

/** Merchant metadata: checked by the one set of rules (metadata.ts), each problem an issue of its own. */
const metadata = z
  .unknown()
  .superRefine((value, ctx) => {
    for (const problem of metadataProblems(value))
      ctx.addIssue({ code: 'custom', message: problem.message, params: { param: problem.param } });
  })
  .optional()
  .meta({
    description: `Your own key-value data: at most ${METADATA_LIMITS.maxKeys} keys of at most ${METADATA_LIMITS.maxKeyLength} characters; values are strings or numbers of at most ${METADATA_LIMITS.maxValueLength} characters.`,
    type: 'object',
    maxProperties: METADATA_LIMITS.maxKeys,
    propertyNames: { maxLength: METADATA_LIMITS.maxKeyLength },
    additionalProperties: { oneOf: [{ type: 'string', maxLength: METADATA_LIMITS.maxValueLength }, { type: 'number' }] },
  });

/** A body with exactly these fields: an unknown one is a typo that must not be silently ignored. */
const body = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'The request body must be a JSON object') });

/** A mandate's VRP consent controls (docs/api.md, "Mandate controls"); caps are checked against the currency by the gateway. */
const controls = z
  .strictObject(
    {
      valid_from: text('controls.valid_from', 64, {
        optional: true,
        description: 'RFC 3339 time before which payments are refused (422 `mandate_not_yet_valid`).',
      }),
      valid_to: text('controls.valid_to', 64, {
        optional: true,
        description: 'RFC 3339 time from which payments are refused (422 `mandate_expired`); in the future.',
      }),
      periodic_limits: z
        .array(
          z.strictObject(
            {
              period: oneOf('period', LIMIT_PERIODS).describe('day, week (ISO), fortnight, month, half_year or year.'),
              alignment: oneOf('alignment', LIMIT_ALIGNMENTS).describe(
                'calendar: UTC calendar boundaries (ISO weeks; fortnights are two ISO weeks from the first of the year); consent: counted from valid_from, else the mandate creation.',
              ),
              max_amount: amount(
                'max_amount',
                'The most all payments of one period may collect together, in major units of the mandate currency.',
              ).optional(),
              max_payments: z
                .number({ error: 'max_payments must be an integer' })
                .int('max_payments must be an integer')
                .min(1, 'max_payments must be at least 1')
                .max(1_000_000, 'max_payments must be at most 1000000')
                .optional()
                .describe('The most payments one period may hold.'),
            },
            { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'each periodic limit must be an object') },
          ),
          { error: 'periodic_limits must be an array' },
        )
        .max(6, 'periodic_limits must have at most 6 limits')
        .optional()
        .describe(
          'At most six, one per period and alignment, each with max_amount, max_payments or both. A payment counts while it has not failed; refunds give nothing back.',
        ),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'controls must be an object') },
  )
  .optional()
  .describe('VRP consent controls beyond frequency: a validity window and periodic limits.');

export const createMandateBody = body({
  customer_id: text('customer_id', 255, {
    description: 'A customer who has completed SCA (422 `customer_sca_incomplete` otherwise) and was not erased (422 `customer_erased`).',
  }),
  maximum_amount: amount('maximum_amount', 'The most one payment may collect, in major units of `currency`.'),
  currency: currency("Must equal the merchant's payout currency (422 `currency_mismatch`)."),
  frequency: oneOf('frequency', MANDATE_FREQUENCIES).describe(
    'At most one non-failed payment per UTC day / ISO week / calendar month; adhoc has no period limit.',
  ),
  description: text('description', 1000, { optional: true }),
  metadata,
  controls,
  vrp_type: oneOf('vrp_type', VRP_TYPES)
    .optional()
    .describe(
      'commercial (the default: payments to you) or sweeping (between the customer’s own accounts), as the consent at the bank says.',
    ),
}).meta({
  examples: [
    { customer_id: 'CU01JD3Q4M7P9X2K8V5N6R0T1W2Y', maximum_amount: '50.00', currency: 'GBP', frequency: 'monthly' },
    {
      customer_id: 'CU01JD3Q4M7P9X2K8V5N6R0T1W2Y',
      maximum_amount: '50.00',
      currency: 'GBP',
      frequency: 'adhoc',
      controls: {
        valid_to: '2027-12-31T23:59:59Z',
        periodic_limits: [{ period: 'month', alignment: 'calendar', max_amount: '120.00', max_payments: 4 }],
      },
    },
  ],
});

export const createPaymentBody = body({
  mandate_id: text('mandate_id', 255, { description: 'An active mandate of yours.' }),
  amount: amount('amount', 'At most the mandate maximum, in major units of `currency`.'),
  currency: currency("The mandate's currency."),
  reference: text('reference', 18, {
    optional: true,
    description:
      "The remittance reference the payer's bank statement shows: 1 to 18 letters, digits, spaces or hyphens. Generated when omitted.",
  }),
  metadata,
}).meta({
  examples: [
    {
      mandate_id: 'MD01JD3Q4M7P9X2K8V5N6R0T1W2Y',
      amount: '12.50',
      currency: 'GBP',
      reference: 'INV-0042',
      metadata: { invoice: 'INV-0042' },
    },
  ],
});

export const createRefundBody = body({
  amount: amount('amount', 'In the payment\'s currency; omitted or "0" refunds everything still refundable.').optional(),
  reason: text('reason', REFUND_REASON_MAX_LENGTH, { optional: true }),
  metadata,
}).meta({ examples: [{ amount: '5.00', reason: 'returned goods' }] });

const date = (field: string, description: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a date YYYY-MM-DD`) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date YYYY-MM-DD`)
    .describe(description)
    .meta({ format: 'date' });

const wholeNumber = (field: string, min: number, max: number, description: string) =>
  z
    .number({ error: `${field} must be an integer` })
    .int(`${field} must be an integer`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
    .describe(description);

export const createScheduleBody = body({
  mandate_id: text('mandate_id', 255, { description: 'An active (or pending) mandate of yours; the schedule collects in its currency.' }),
  amount: amount('amount', "Each cycle's amount, in major units of the mandate's currency (interval schedules).").optional(),
  interval_unit: oneOf('interval_unit', SCHEDULE_INTERVAL_UNITS).optional().describe('day, week, month or year (interval schedules).'),
  interval: wholeNumber('interval', 1, 1000, 'Interval units between charge dates (default 1).').optional(),
  day_of_month: z
    .number({ error: 'day_of_month must be an integer' })
    .int('day_of_month must be an integer')
    .min(-1, 'day_of_month must be 1 to 28, or -1 for the last day of the month')
    .max(28, 'day_of_month must be 1 to 28, or -1 for the last day of the month')
    .refine((v) => v !== 0, 'day_of_month must be 1 to 28, or -1 for the last day of the month')
    .optional()
    .describe("Month and year intervals: the day of the month (1–28, or -1 for the last); default the start date's."),
  start_date: date('start_date', 'The first charge date (default: today on your clock).').optional(),
  end_date: date('end_date', 'No charge date after it.').optional(),
  count: wholeNumber('count', 1, 10_000, 'The number of cycles (instead of end_date).').optional(),
  instalments: z
    .array(z.strictObject({ charge_date: date('charge_date', 'When it is collected.'), amount: amount('amount', 'What it collects.') }))
    .min(1, 'instalments must not be empty')
    .max(120, 'at most 120 instalments')
    .optional()
    .describe('Instead of the interval fields: each charge date and amount, checked against the mandate up front.'),
  on_limit: oneOf('on_limit', SCHEDULE_ON_LIMIT).optional().describe('A cycle a mandate limit blocks is deferred (default) or skipped.'),
  retry: z
    .strictObject({
      enabled: z.boolean({ error: 'retry.enabled must be a boolean' }),
      max_retries: wholeNumber('retry.max_retries', 0, 3, 'At most this many automatic retries per payment (default 3).').optional(),
    })
    .optional()
    .describe('Automatic retries of retryable failures (insufficient_funds, technical_error) within 7 days.'),
  metadata,
}).meta({
  examples: [
    { mandate_id: 'MD01JD3Q4M7P9X2K8V5N6R0T1W2Y', amount: '9.99', interval_unit: 'month', day_of_month: 1, retry: { enabled: true } },
    {
      mandate_id: 'MD01JD3Q4M7P9X2K8V5N6R0T1W2Y',
      instalments: [
        { charge_date: '2027-01-05', amount: '50.00' },
        { charge_date: '2027-02-05', amount: '50.00' },
      ],
    },
  ],
});

export const setCycleAmountBody = body({ amount: amount('amount', 'What this cycle collects instead.') });

/** Limits of a customer's details, the one place they are written (the mandate service keeps them too). */
export const CUSTOMER_LIMITS = { emailMaxLength: 254, nameMaxLength: 200, referenceMaxLength: 64 } as const;

/** What an email address must look like. Deliberately loose (RFC 5322 allows far more than anyone uses): one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const customerEmail = z
  .string({ error: (issue) => (issue.input === undefined ? 'email is required' : 'email must be a string') })
  .max(CUSTOMER_LIMITS.emailMaxLength, `email must be at most ${CUSTOMER_LIMITS.emailMaxLength} characters`)
  .regex(EMAIL_PATTERN, 'email must be an email address such as jo@example.com')
  .describe('The customer’s email address; the list’s `email` filter compares it case-insensitively.')
  .meta({ examples: ['jo@example.com'] });
const customerName = text('name', CUSTOMER_LIMITS.nameMaxLength, { description: 'The customer’s name.' });
const customerReference = text('reference', CUSTOMER_LIMITS.referenceMaxLength, {
  description: 'Your own reference for the customer (an account number, say); the list filters on it exactly.',
});

/** Metadata that may also be null (an update clearing it). */
const metadataOrNull = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === null) return;
    for (const problem of metadataProblems(value))
      ctx.addIssue({ code: 'custom', message: problem.message, params: { param: problem.param } });
  })
  .optional()
  .meta({
    description: `Replaces your key-value data as a whole (null clears it): at most ${METADATA_LIMITS.maxKeys} keys of at most ${METADATA_LIMITS.maxKeyLength} characters; values are strings or numbers of at most ${METADATA_LIMITS.maxValueLength} characters.`,
    type: ['object', 'null'],
    maxProperties: METADATA_LIMITS.maxKeys,
    propertyNames: { maxLength: METADATA_LIMITS.maxKeyLength },
    additionalProperties: { oneOf: [{ type: 'string', maxLength: METADATA_LIMITS.maxValueLength }, { type: 'number' }] },
  });

export const createCustomerBody = body({
  email: customerEmail.optional(),
  name: customerName.optional(),
  reference: customerReference.optional(),
  metadata,
}).meta({
  examples: [{ email: 'jo@example.com', name: 'Jo Bloggs', reference: 'ACC-1042', metadata: { plan: 'gold' } }, {}],
});

export const createMandateRequestBody = body({
  customer_id: text('customer_id', 255, {
    optional: true,
    description: 'An existing customer of yours (not erased). Give this or `customer`.',
  }),
  customer: z
    .strictObject({ email: customerEmail.optional(), name: customerName.optional(), reference: customerReference.optional() })
    .optional()
    .describe('A new customer to create with the request. Give this or `customer_id`.'),
  maximum_amount: amount('maximum_amount', 'The most one payment may collect, in major units of `currency`.'),
  currency: currency("Must equal the merchant's payout currency (422 `currency_mismatch`)."),
  frequency: oneOf('frequency', MANDATE_FREQUENCIES),
  description: text('description', 1000, { optional: true, description: 'Shown to the customer at their bank.' }),
  metadata,
  controls,
  vrp_type: oneOf('vrp_type', VRP_TYPES)
    .optional()
    .describe(
      'commercial (the default: payments to you) or sweeping (between the customer’s own accounts), as the consent at the bank says.',
    ),
  redirect_uri: text('redirect_uri', 2000, {
    description:
      'Where the customer is sent when the journey ends, with `mandate_request_id`, `outcome` (success, declined, expired, error) and, on success, `mandate_id`. Must be https (sandbox also accepts http://localhost and http://127.0.0.1).',
  }),
  expires_in: z
    .number({ error: 'expires_in must be a whole number of seconds' })
    .int('expires_in must be a whole number of seconds')
    .min(60, 'expires_in must be at least 60')
    .max(86_400, 'expires_in must be at most 86400')
    .optional()
    .describe('Seconds the customer has to authorise (60 to 86400; default 1800).'),
}).meta({
  examples: [
    {
      customer: { email: 'jo@example.com', name: 'Jo Bloggs' },
      maximum_amount: '50.00',
      currency: 'GBP',
      frequency: 'monthly',
      description: 'Gym membership',
      redirect_uri: 'https://merchant.example/mandates/done',
    },
  ],
});

export const updateCustomerBody = body({
  email: customerEmail.nullable().optional(),
  name: customerName.nullable().optional(),
  reference: customerReference.nullable().optional(),
  metadata: metadataOrNull,
}).meta({ examples: [{ email: 'jo.bloggs@example.com' }, { reference: null, metadata: { plan: 'silver' } }] });

export const confirmFundsBody = body({
  amount: amount('amount', 'The amount to check, in major units of the mandate’s currency.'),
}).meta({ examples: [{ amount: '25.00' }] });

export const setSandboxBalanceBody = body({
  amount: amount('amount', 'What the customer’s account at the model bank holds, in major units ("0" empties it).'),
  currency: currency('ISO 4217; defaults to your payout currency.').optional(),
}).meta({ examples: [{ amount: '5.00' }] });

export const createSandboxCustomerBody = body({
  sca_completed: z
    .boolean({ error: 'sca_completed must be true or false' })
    .describe('Whether the customer has completed Strong Customer Authentication.'),
});

export const revokeSandboxMandateBody = body({ by: oneOf('by', ['customer', 'bank']).describe('Who revokes the mandate.') });

export const suspendSandboxMandateBody = body({
  reason: oneOf('reason', ['account_closed', 'account_switched', 'account_blocked'])
    .optional()
    .describe(
      'What the customer’s bank reports about the account linked to the consent. Without it, the suspension is the platform’s risk review.',
    ),
});

export const failSandboxPaymentBody = body({
  failure_code: oneOf('failure_code', PAYMENT_FAILURE_CODES).describe('Why the bank fails the payment.'),
});

/** The furthest one advance of a sandbox clock may move it: 400 days. */
export const SANDBOX_CLOCK_MAX_ADVANCE_SECONDS = 400 * 86_400;

export const advanceSandboxClockBody = body({
  seconds: z
    .number({ error: (issue) => (issue.input === undefined ? 'seconds is required' : 'seconds must be an integer') })
    .int('seconds must be an integer')
    .min(1, 'seconds must be at least 1')
    .max(SANDBOX_CLOCK_MAX_ADVANCE_SECONDS, `seconds must be at most ${SANDBOX_CLOCK_MAX_ADVANCE_SECONDS} (400 days)`)
    .describe('How far to move the clock forward, in seconds (1 to 400 days).'),
}).meta({ examples: [{ seconds: 2_678_400 }] });

/** An endpoint's throttle: `{"per_second": 1..1000}`. */
const rateLimit = z
  .strictObject(
    {
      per_second: z
        .number({ error: (issue) => (issue.input === undefined ? 'per_second is required' : 'per_second must be an integer') })
        .int('per_second must be an integer')
        .min(1, 'per_second must be at least 1')
        .max(1000, 'per_second must be at most 1000')
        .describe('At most this many deliveries a second to this endpoint.'),
    },
    { error: 'rate_limit must be an object {"per_second": 1..1000}' },
  )
  .describe('Throttles deliveries to this endpoint; deliveries over it wait their turn without counting an attempt.');

export const createWebhookEndpointBody = body({
  url: text('url', 2048, { description: 'An https:// address of yours (sandbox also accepts http://localhost for development).' }),
  description: text('description', 500, { optional: true }),
  enabled_events: z
    .array(z.string({ error: 'enabled_events must be an array of event types' }), {
      error: 'enabled_events must be an array of event types',
    })
    .optional()
    .describe('Event types to receive, or wildcards (`payment.*`, `*`); empty or omitted means all.')
    .meta({ items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, ...WEBHOOK_EVENT_WILDCARDS] } }),
  rate_limit: rateLimit.optional(),
  signature_scheme: oneOf('signature_scheme', SIGNATURE_SCHEMES)
    .optional()
    .describe(
      'How deliveries are signed: `vrp` (default; `X-SVC-Signature`) or `standard_webhooks` (`webhook-id`, `webhook-timestamp`, `webhook-signature`), which any Standard Webhooks library verifies.',
    ),
}).meta({
  examples: [
    { url: 'https://example.com/hooks/vrp', enabled_events: ['payment.settled', 'payment.failed'] },
    { url: 'https://example.com/hooks/vrp', signature_scheme: 'standard_webhooks' },
  ],
});

export const updateWebhookEndpointBody = body({
  url: text('url', 2048, { optional: true, description: 'A new https:// address (the same rules as on create).' }),
  description: text('description', 500, { optional: true }),
  enabled_events: z
    .array(z.string({ error: 'enabled_events must be an array of event types' }), {
      error: 'enabled_events must be an array of event types',
    })
    .optional()
    .describe('Replaces the event types received (types or wildcards such as `payment.*`); empty means all.')
    .meta({ items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, ...WEBHOOK_EVENT_WILDCARDS] } }),
  rate_limit: rateLimit.nullable().optional().describe('A new throttle, or null to remove it.'),
}).meta({ examples: [{ url: 'https://example.com/hooks/vrp-v2' }, { enabled_events: ['payment.failed'] }] });

export const replayWebhookEventsBody = body({
  delivery_status: oneOf('delivery_status', WEBHOOK_DELIVERY_STATUSES).optional(),
  endpoint_id: text('endpoint_id', 64, { optional: true, description: 'Only deliveries to this endpoint (which must be enabled).' }),
  'created_at[gte]': text('created_at[gte]', 64, { optional: true, description: 'RFC 3339 time; only events created at or after it.' }),
  'created_at[lte]': text('created_at[lte]', 64, { optional: true, description: 'RFC 3339 time; only events created at or before it.' }),
});

export const sendTestEventBody = body({ event_type: oneOf('event_type', TESTABLE_EVENT_TYPES).describe('The event type to send.') });

export const createExportBody = body({
  type: oneOf('type', EXPORT_TYPES).describe('The list exported: payments, refunds, mandates or events (webhook events).'),
  format: oneOf('format', EXPORT_FORMATS).describe('csv or jsonl.'),
  filters: z
    .record(z.string(), z.unknown(), { error: 'filters must be an object' })
    .optional()
    .describe(
      "The list's own filters by their query parameter names (`status`, `created_at[gte]`, `metadata` as an object of pairs, …); checked as the list checks them.",
    ),
}).meta({ examples: [{ type: 'payments', format: 'csv', filters: { status: 'settled', 'created_at[gte]': '2026-11-01T00:00:00Z' } }] });

/** The body of routes that take none: `{}` or nothing. */
export const emptyBody = body({});

/** Request bodies by their OpenAPI component name. */
export const REQUEST_BODIES = {
  CustomerCreate: createCustomerBody,
  CustomerUpdate: updateCustomerBody,
  MandateCreate: createMandateBody,
  MandateRequestCreate: createMandateRequestBody,
  PaymentCreate: createPaymentBody,
  RefundCreate: createRefundBody,
  FundsConfirmationRequest: confirmFundsBody,
  ScheduleCreate: createScheduleBody,
  ScheduleCycleUpdate: setCycleAmountBody,
  SandboxCustomerCreate: createSandboxCustomerBody,
  SandboxCustomerBalance: setSandboxBalanceBody,
  SandboxMandateRevoke: revokeSandboxMandateBody,
  SandboxMandateSuspend: suspendSandboxMandateBody,
  SandboxPaymentFail: failSandboxPaymentBody,
  SandboxClockAdvance: advanceSandboxClockBody,
  WebhookEndpointCreate: createWebhookEndpointBody,
  WebhookEndpointUpdate: updateWebhookEndpointBody,
  WebhookReplayRequest: replayWebhookEventsBody,
  WebhookTestRequest: sendTestEventBody,
  ExportCreate: createExportBody,
} as const;

/** Where an issue is, as error answers name params: `metadata[plan]`, `enabled_events[2]`. */
function paramOf(issue: z.core.$ZodIssue): string {
  const fromParams = (issue as { params?: { param?: string } }).params?.param;
  if (fromParams) return fromParams;
  const [head, ...rest] = issue.path.map(String);
  if (head === undefined) return 'body';
  // Controls are a nested object (`controls.periodic_limits[0].max_amount`); elsewhere keys are map keys (`metadata[plan]`).
  if (head === 'controls')
    return (
      head +
      issue.path
        .slice(1)
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
    );
  return head + rest.map((p) => `[${p}]`).join('');
}

/** Every problem zod found, one per field (unknown fields each named). */
export function problemsOf(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ param: [...issue.path.map(String), key].join('.'), message: `Unknown field '${key}'` }))
      : [{ param: paramOf(issue), message: issue.message }],
  );
}

/** Parses a request body with its schema; a validation_error naming the first problem, with all in details, otherwise. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalid(problemsOf(result.error));
  return result.data;
}

/** The JSON Schema (2020-12, as OpenAPI 3.1 uses) of a request body. */
export function requestBodySchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
