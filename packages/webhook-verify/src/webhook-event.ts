/** The body of every webhook delivery (docs/webhooks.md). */
export interface WebhookEvent {
  /** Unique per event and stable across redeliveries: deduplicate on it. */
  event_id: string;
  /** For example `payment.settled`; see the event types in the API reference. */
  event_type: string;
  /** ISO 8601 UTC. */
  created_at: string;
  /** The resource as its own GET endpoint returns it (payment, mandate or refund). */
  data: Record<string, unknown>;
}
