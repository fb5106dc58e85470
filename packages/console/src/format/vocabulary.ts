import type { Mandate, MandateRequest, Payment, Refund, Schedule, WebhookEndpoint, WebhookEvent, WebhookTestRequest } from '@vrp/sdk';

/** Every value of T, checked by the compiler against the SDK's types in both directions. */
function every<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never)) => list;
}

/** The resource events: what a sandbox test event can be. */
export const TEST_EVENT_TYPES = every<WebhookTestRequest['event_type']>()([
  'mandate.created',
  'mandate.activated',
  'mandate.revoked',
  'mandate.suspended',
  'mandate.expired',
  'payment.submitted',
  'payment.settled',
  'payment.failed',
  'payment.refunded',
  'refund.created',
  'refund.settled',
  'refund.failed',
  'mandate_request.authorised',
  'mandate_request.declined',
  'mandate_request.expired',
  'schedule.created',
  'schedule.paused',
  'schedule.resumed',
  'schedule.cancelled',
  'schedule.cycle_deferred',
  'schedule.cycle_skipped',
  'schedule.completed',
  'export.completed',
]);
/** Every event type: the resource events, then those about the webhook endpoints themselves. */
export const EVENT_TYPES = every<WebhookEvent['event_type']>()([
  ...TEST_EVENT_TYPES,
  'webhook_endpoint.disabled',
  'webhook_endpoint.enabled',
]);
/** The subscription wildcards: every event, then every event of one resource. */
export const EVENT_WILDCARDS = ['*', ...new Set(EVENT_TYPES.map((t) => `${t.split('.')[0]}.*`))];
/** How an endpoint's deliveries can be signed. */
export const SIGNATURE_SCHEMES = every<WebhookEndpoint['signature_scheme']>()(['vrp', 'standard_webhooks']);
// Failed deliveries first: the one a merchant comes looking for.
export const DELIVERY_STATUSES = every<WebhookEvent['delivery_status']>()(['delivery_failed', 'retrying', 'pending', 'delivered']);
export const MANDATE_STATUSES = every<Mandate['status']>()(['pending_sca', 'active', 'suspended', 'revoked', 'expired']);
export const MANDATE_REQUEST_STATUSES = every<MandateRequest['status']>()([
  'awaiting_authorisation',
  'authorised',
  'declined',
  'expired',
  'cancelled',
]);
export const PAYMENT_STATUSES = every<Payment['status']>()(['submitted', 'settled', 'failed', 'refunded']);
export const REFUND_STATUSES = every<Refund['status']>()(['pending_settlement', 'settled', 'failed']);
export const SCHEDULE_STATUSES = every<Schedule['status']>()(['active', 'paused', 'cancelled', 'completed']);
export const FAILURE_CODES = every<NonNullable<Payment['failure_code']>>()([
  'insufficient_funds',
  'mandate_revoked_at_bank',
  'account_closed',
  'bank_rejected',
  'refer_to_payer',
  'account_blocked',
  'violates_consent_parameters',
  'payment_stopped',
  'technical_error',
]);

/** The API's list orders besides its default (newest first), as a merchant reads them. */
export const CREATED_ORDERS = [{ value: 'created_at', label: 'Oldest first' }] as const;
export const AMOUNT_ORDERS = [
  ...CREATED_ORDERS,
  { value: '-amount_minor', label: 'Largest amount first' },
  { value: 'amount_minor', label: 'Smallest amount first' },
] as const;
