import type { KeysetQuery } from '@vrp/pagination';
import type { Attempt, Event } from '../generated/prisma/client.js';
import type { Db, Tx } from './client.js';

export type EventRow = Event;

/** An event by id alone (its owner was checked, or a worker claimed a delivery of it). */
export function eventById(db: Db | Tx, id: string): Promise<EventRow> {
  return db.event.findUniqueOrThrow({ where: { id } });
}

/**
 * One event of the merchant with every attempt to deliver it, oldest first, read from one
 * snapshot: an attempt and the event status it leads to commit together, so the two always agree
 * (never `delivered` beside an attempt list that does not show the delivery yet). Null when the
 * merchant has no such event.
 */
export async function findEventWithAttempts(db: Db, merchantId: string, id: string): Promise<(EventRow & { attempts: Attempt[] }) | null> {
  const [event, attempts] = await db.$transaction(
    [
      db.event.findFirst({ where: { merchantId, id } }),
      db.attempt.findMany({ where: { eventId: id }, orderBy: [{ attemptedAt: 'asc' }, { id: 'asc' }] }),
    ],
    { isolationLevel: 'RepeatableRead' },
  );
  return event ? { ...event, attempts } : null;
}

/** What a list of events is filtered by. */
export interface EventFilters {
  merchantId: string;
  eventType: string;
  deliveryStatuses: string[];
  /** Only events whose data is this resource ('' for any). */
  resourceId: string;
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
        f.resourceId ? { resourceId: f.resourceId } : {},
        f.deliveryStatuses.length ? { deliveryStatus: { in: f.deliveryStatuses } } : {},
        f.createdAt,
        query.where,
      ],
    },
    orderBy: query.orderBy,
    take: query.take,
  });
}
