/**
 * The mandate service's domain events, built here and nowhere else: each carries the resource as
 * it is after the change, written to the outbox in the transaction that made the change.
 */
import { insertOutboxEvent, newDomainEvent, outboxRow, type DomainEvent, type EventType } from '@vrp/outbox';
import type { Queryable } from '@vrp/sql';
import { END_EVENTS } from '../domain/mandate-request-lifecycle.js';
import { toMandateMessage, toMandateRequestMessage } from './mandate-messages.js';
import type { MandateRequestRow } from './mandate-requests.js';
import type { MandateRow } from './mandates.js';

/** The event `type` about `mandate` as it is after the change, at `at` on the merchant's clock. */
export function mandateEvent(type: EventType, mandate: MandateRow, at?: Date): DomainEvent {
  return newDomainEvent(type, mandate.merchantId, { case: 'mandate', value: toMandateMessage(mandate) }, at);
}

/** The outbox row of mandateEvent, for a statement that writes it together with the change. */
export function mandateOutboxRow(subjectPrefix: string, type: EventType, mandate: MandateRow, at?: Date) {
  return outboxRow(subjectPrefix, mandateEvent(type, mandate, at));
}

/**
 * Writes the outbox row announcing `type` for `mandate` as it is after the change. Must run in
 * the transaction that made the change, so the event exists exactly when the change does.
 * `at` is when it happened on the merchant's clock (a sandbox clock may run ahead).
 */
export function recordMandateEvent(db: Queryable, subjectPrefix: string, type: EventType, mandate: MandateRow, at?: Date): Promise<void> {
  const event = mandateEvent(type, mandate, at);
  return insertOutboxEvent(db, 'mandate', subjectPrefix, event);
}

/** Writes the outbox row announcing how `request` ended, in the transaction that ended it. */
export function recordMandateRequestEvent(db: Queryable, subjectPrefix: string, request: MandateRequestRow, at: Date): Promise<void> {
  const type = END_EVENTS[request.status as keyof typeof END_EVENTS];
  if (!type) return Promise.resolve();
  const event = newDomainEvent(type, request.merchantId, { case: 'mandateRequest', value: toMandateRequestMessage(request) }, at);
  return insertOutboxEvent(db, 'mandate', subjectPrefix, event);
}
