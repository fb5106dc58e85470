import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { webhook } from '@vrp/contracts';
import type { DomainEvent } from '@vrp/outbox';
import {
  presentExport,
  presentMandate,
  presentMandateRequest,
  presentPayment,
  presentRefund,
  presentSchedule,
  presentWebhookEndpoint,
} from '@vrp/public-api';
import { SECRET_LIFETIME_MS } from './domain/signing-secret.js';
import type { EndpointRow } from './db/endpoints.js';
import type { AttemptRow, EventRow } from './db/events.js';
import type { StreamEventRow } from './db/event-stream.js';
import { webhookBody } from './domain/webhook-request.js';

/** An endpoint row as the contract's Endpoint (never with a secret). */
/** An endpoint as the API shows it at `now` (its merchant's time: a replaced secret's overlap may have ended). */
export function endpointToProto(e: EndpointRow, now: Date): webhook.Endpoint {
  return create(webhook.EndpointSchema, {
    id: e.id,
    merchantId: e.merchantId,
    url: e.url,
    description: e.description,
    enabledEvents: e.enabledEvents,
    status: e.status,
    createdAt: timestampFromDate(e.createdAt),
    secretExpiresAt: timestampFromDate(new Date(e.secretRotatedAt.getTime() + SECRET_LIFETIME_MS)),
    disabledReason: e.disabledReason ?? '',
    signatureScheme: e.signatureScheme,
    rateLimitPerSecond: e.rateLimitPerSecond ?? 0,
    ...previousSecretExpiry(e, now),
  });
}

/** The latest time a replaced secret still signs until, if one still does. */
function previousSecretExpiry(e: EndpointRow, now: Date): { previousSecretExpiresAt?: ReturnType<typeof timestampFromDate> } {
  const until = ((e.previousSecrets ?? []) as { valid_until?: string }[])
    .map((p) => new Date(p.valid_until ?? 0))
    .filter((d) => d > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return until ? { previousSecretExpiresAt: timestampFromDate(until) } : {};
}

/** An event of a merchant's stream at its position, with the exact body a delivery of it carries. */
export function streamEventToProto(e: StreamEventRow): webhook.StreamEvent {
  return create(webhook.StreamEventSchema, { seq: e.seq, event: eventToProto(e), bodyJson: webhookBody({ ...e, eventId: e.id }) });
}

/** An event row (with attempts when given) as the contract's Event. */
export function eventToProto(
  e: Pick<EventRow, 'id' | 'merchantId' | 'eventType' | 'createdAt' | 'data' | 'deliveryStatus' | 'test'>,
  attempts: AttemptRow[] = [],
): webhook.Event {
  return create(webhook.EventSchema, {
    id: e.id,
    merchantId: e.merchantId,
    eventType: e.eventType,
    createdAt: timestampFromDate(e.createdAt),
    dataJson: e.data,
    deliveryStatus: e.deliveryStatus,
    test: e.test,
    attempts: attempts.map((a) => ({
      endpointId: a.endpointId,
      attempt: a.attempt,
      attemptedAt: timestampFromDate(a.attemptedAt),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      error: a.error,
      success: a.success,
      responseExcerpt: a.responseExcerpt,
    })),
  });
}

/**
 * The webhook body's `data` for an event: the resource exactly as its own public GET endpoint
 * returns it, as JSON text. Rendered once when the event is recorded, so every attempt sends
 * the same bytes.
 */
export function renderEventData(event: DomainEvent): string {
  const resource = event.resource;
  switch (resource.case) {
    case 'mandate':
      return JSON.stringify(presentMandate(resource.value));
    case 'payment':
      return JSON.stringify(presentPayment(resource.value));
    case 'refund':
      return JSON.stringify(presentRefund(resource.value));
    case 'mandateRequest':
      return JSON.stringify(presentMandateRequest(resource.value));
    case 'schedule':
      return JSON.stringify(presentSchedule(resource.value));
    case 'export':
      return JSON.stringify(presentExport(resource.value));
    default:
      throw new Error(`event ${event.eventId} (${event.eventType}) carries no resource`);
  }
}

/** An operational event's `data`: the endpoint exactly as GET /v1/webhook-endpoints/{id} returns it at `now`, as JSON text. */
export function renderEndpointData(endpoint: EndpointRow, now: Date): string {
  return JSON.stringify(presentWebhookEndpoint(endpointToProto(endpoint, now)));
}
