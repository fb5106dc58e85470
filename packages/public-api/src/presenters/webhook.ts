import type { webhook } from '@vrp/contracts';
import { isoTimestamp, member, requiredTimestamp } from '../format.js';
import type { WebhookEndpointJson, WebhookAttemptJson, WebhookEventJson } from '../resources.js';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_WILDCARDS,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  DISABLED_REASONS,
  SIGNATURE_SCHEMES,
} from '../vocabulary.js';

export { WEBHOOK_EVENT_TYPES, WEBHOOK_ENDPOINT_STATUSES, WEBHOOK_DELIVERY_STATUSES, DISABLED_REASONS };

export type { WebhookEndpointJson, WebhookAttemptJson, WebhookEventJson };

/** Turns a contract Endpoint into the API's JSON; pass `secret` only when it was just issued. */
export function presentWebhookEndpoint(e: webhook.Endpoint, secret?: string): WebhookEndpointJson {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    enabled_events: e.enabledEvents.map((t) => member([...WEBHOOK_EVENT_TYPES, ...WEBHOOK_EVENT_WILDCARDS], t, 'endpoint.enabled_events')),
    status: member(WEBHOOK_ENDPOINT_STATUSES, e.status, 'endpoint.status'),
    disabled_reason: e.disabledReason ? member(DISABLED_REASONS, e.disabledReason, 'endpoint.disabled_reason') : null,
    rate_limit: e.rateLimitPerSecond ? { per_second: e.rateLimitPerSecond } : null,
    // Endpoints from before the scheme was recorded answer empty: they sign the vrp way.
    signature_scheme: member(SIGNATURE_SCHEMES, e.signatureScheme || 'vrp', 'endpoint.signature_scheme'),
    created_at: requiredTimestamp(e.createdAt, 'endpoint.created_at'),
    ...(secret ? { secret } : {}),
    secret_expires_at: requiredTimestamp(e.secretExpiresAt, 'endpoint.secret_expires_at'),
    previous_secret_expires_at: isoTimestamp(e.previousSecretExpiresAt),
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
    response_excerpt: a.responseExcerpt,
  };
}

/**
 * Turns a contract Event into the API's JSON. `data` is the resource exactly as delivered in
 * the webhook body; `withAttempts` adds the delivery attempts, oldest first.
 */
export function presentWebhookEvent(e: webhook.Event, options: { withAttempts?: boolean } = {}): WebhookEventJson {
  return {
    id: e.id,
    event_type: member(WEBHOOK_EVENT_TYPES, e.eventType, 'event.event_type'),
    created_at: requiredTimestamp(e.createdAt, 'event.created_at'),
    delivery_status: member(WEBHOOK_DELIVERY_STATUSES, e.deliveryStatus, 'event.delivery_status'),
    test: e.test,
    // Rendered by the webhook service from a presenter's output when the event was recorded.
    data: JSON.parse(e.dataJson) as WebhookEventJson['data'],
    ...(options.withAttempts ? { attempts: e.attempts.map(presentAttempt) } : {}),
  };
}
