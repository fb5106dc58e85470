import { EVENT_TYPES, type webhook } from '@vrp/contracts';
import { requiredTimestamp } from '../format.js';

/** The public webhook endpoint object; `secret` only in the answers to create and rotate-secret. */
export interface WebhookEndpointJson {
  id: string;
  url: string;
  description: string;
  enabled_events: string[];
  status: string;
  disabled_reason: string | null;
  created_at: string;
  secret_expires_at: string;
  secret?: string;
}

/** One delivery attempt of an event to an endpoint. */
export interface WebhookAttemptJson {
  endpoint_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  success: boolean;
}

/** The public webhook event object; `attempts` only on single-event answers. */
export interface WebhookEventJson {
  id: string;
  event_type: string;
  created_at: string;
  delivery_status: string;
  test: boolean;
  data: Record<string, unknown>;
  attempts?: WebhookAttemptJson[];
}

/** The ten public event types (SPEC.md "Event types"). */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES;
/** An endpoint's status; a disabled one says why in `disabled_reason`. */
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
/** The delivery statuses of an event (API.md). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'delivery_failed'] as const;

/** Turns a contract Endpoint into the API's JSON; pass `secret` only when it was just issued. */
export function presentWebhookEndpoint(e: webhook.Endpoint, secret?: string): WebhookEndpointJson {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    enabled_events: [...e.enabledEvents],
    status: e.status,
    disabled_reason: e.disabledReason || null,
    created_at: requiredTimestamp(e.createdAt, 'endpoint.created_at'),
    ...(secret ? { secret } : {}),
    secret_expires_at: requiredTimestamp(e.secretExpiresAt, 'endpoint.secret_expires_at'),
  };
}

function presentAttempt(a: webhook.DeliveryAttempt): WebhookAttemptJson {
  return {
    endpoint_id: a.endpointId,
    attempt: a.attempt,
    attempted_at: requiredTimestamp(a.attemptedAt, 'attempt.attempted_at'),
    status_code: a.statusCode || null,
    latency_ms: a.latencyMs,
    error: a.error || null,
    success: a.success,
  };
}

/**
 * Turns a contract Event into the API's JSON. `data` is the resource exactly as delivered in
 * the webhook body; `withAttempts` adds the delivery attempts, oldest first.
 */
export function presentWebhookEvent(e: webhook.Event, options: { withAttempts?: boolean } = {}): WebhookEventJson {
  return {
    id: e.id,
    event_type: e.eventType,
    created_at: requiredTimestamp(e.createdAt, 'event.created_at'),
    delivery_status: e.deliveryStatus,
    test: e.test,
    data: JSON.parse(e.dataJson) as Record<string, unknown>,
    ...(options.withAttempts ? { attempts: e.attempts.map(presentAttempt) } : {}),
  };
}
