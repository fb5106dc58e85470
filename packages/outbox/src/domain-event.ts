import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EVENT_TYPES, events, exports, mandate, payment, refund, schedule, type EventType } from '@vrp/contracts';
import { codecOf } from '@vrp/protobuf-compiled';
import { newId } from '@vrp/ids';
import { currentTraceparent } from '@vrp/tracing';

export type DomainEvent = events.DomainEvent;

export { EVENT_TYPES, type EventType };

export type EventResource =
  | { case: 'mandate'; value: mandate.Mandate }
  | { case: 'payment'; value: payment.Payment }
  | { case: 'refund'; value: refund.Refund }
  | { case: 'mandateRequest'; value: mandate.MandateRequest }
  | { case: 'schedule'; value: schedule.Schedule }
  | { case: 'export'; value: exports.Export };

/** Builds a domain event with a fresh EV id for `resource`, as it is right after the change. */
export function newDomainEvent(type: EventType, merchantId: string, resource: EventResource, at: Date = new Date()): DomainEvent {
  return create(events.DomainEventSchema, {
    eventId: newId('event', at.getTime()),
    eventType: type,
    merchantId,
    createdAt: timestampFromDate(at),
    resource,
  });
}

/** Subject an event is published on: `<prefix>.<resource>.<action>`, e.g. vrp.sandbox.events.payment.settled. */
export function eventSubject(subjectPrefix: string, type: string): string {
  return `${subjectPrefix}.${type}`;
}

/** Wire encoding of an event on JetStream (protobuf binary). */
export function encodeDomainEvent(event: DomainEvent): Uint8Array {
  return codecOf(events.DomainEventSchema).encode(event);
}

export function decodeDomainEvent(bytes: Uint8Array): DomainEvent {
  return codecOf(events.DomainEventSchema).decode(bytes);
}

/**
 * The row a service inserts into its own `outbox_events` table, inside the same transaction
 * as the state change: `tx.outboxEvent.create({ data: outboxRow(prefix, event) })`. It keeps
 * the active trace (`traceparent`), which the relay hands on in the message's headers.
 */
export function outboxRow(
  subjectPrefix: string,
  event: DomainEvent,
): { eventId: string; subject: string; payload: Uint8Array<ArrayBuffer>; traceparent: string | null } {
  return {
    eventId: event.eventId,
    subject: eventSubject(subjectPrefix, event.eventType),
    payload: new Uint8Array(encodeDomainEvent(event)),
    traceparent: currentTraceparent() ?? null,
  };
}
