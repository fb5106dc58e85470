import type { KeysetQuery } from '@vrp/pagination';
import { eventDeliveryStatus } from '../domain/delivery-status.js';
import type { Attempt, Event } from '../generated/prisma/client.js';
import type { Db, Tx } from './client.js';

export type EventRow = Event;

/** An event as the webhook service keeps it: the body's fields plus its owner. */
export interface NewEvent {
  id: string;
  merchantId: string;
  eventType: string;
  createdAt: Date;
  /** The body's `data` object as JSON text, rendered once and sent byte-exact ever after. */
  data: string;
  test: boolean;
}

/** Inserts the event unless its id is known already; true when it was new. */
export async function insertEventOnce(tx: Tx, event: NewEvent): Promise<boolean> {
  const { count } = await tx.event.createMany({ data: [event], skipDuplicates: true });
  return count > 0;
}

/** Marks an event that nothing is subscribed to as having nothing left to deliver. */
export async function markNothingToDeliver(tx: Tx, id: string): Promise<void> {
  await tx.event.update({ where: { id }, data: { deliveryStatus: eventDeliveryStatus([]) } });
}

/** One event of the merchant, or null. */
export function findEvent(db: Db, merchantId: string, id: string): Promise<EventRow | null> {
  return db.event.findFirst({ where: { merchantId, id } });
}

/** An event by id alone (its owner was checked, or a worker claimed a delivery of it). */
export function eventById(db: Db | Tx, id: string): Promise<EventRow> {
  return db.event.findUniqueOrThrow({ where: { id } });
}

/** Every attempt to deliver the event, oldest first. */
export function attemptsOf(db: Db, eventId: string): Promise<Attempt[]> {
  return db.attempt.findMany({ where: { eventId }, orderBy: [{ attemptedAt: 'asc' }, { id: 'asc' }] });
}

/** What a list of events is filtered by. */
export interface EventFilters {
  merchantId: string;
  eventType: string;
  deliveryStatuses: string[];
  /** A created_at range as a Prisma filter ({} for none). */
  createdAt: Record<string, unknown>;
}

/** One keyset page query of the merchant's events. */
export function queryEvents(db: Db, f: EventFilters, query: KeysetQuery): Promise<EventRow[]> {
  return db.event.findMany({
    where: {
      AND: [
        { merchantId: f.merchantId },
        f.eventType ? { eventType: f.eventType } : {},
        f.deliveryStatuses.length ? { deliveryStatus: { in: f.deliveryStatuses } } : {},
        f.createdAt,
        query.where,
      ],
    },
    orderBy: query.orderBy,
    take: query.take,
  });
}
