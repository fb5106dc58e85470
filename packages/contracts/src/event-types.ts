/**
 * The public event types (SPEC.md "Event types", and API.md's mandate_request events): the `event_type` of every DomainEvent on
 * the stream and of every webhook delivery. Hand-written beside the generated code because
 * protobuf carries the type as a string.
 */
export const EVENT_TYPES = [
  'mandate.created',
  'mandate.activated',
  'mandate.revoked',
  'mandate.suspended',
  'payment.submitted',
  'payment.settled',
  'payment.failed',
  'payment.refunded',
  'refund.created',
  'refund.settled',
  'mandate_request.authorised',
  'mandate_request.declined',
  'mandate_request.expired',
] as const;

/** One of the public event types. */
export type EventType = (typeof EVENT_TYPES)[number];
