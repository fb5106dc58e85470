import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, pageOf } from '@vrp/pagination';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import {
  eventAttempts,
  eventById as eventByIdQuery,
  merchantEvent,
  type IEventAttemptsResult,
  type IEventByIdResult,
} from '../generated/sql/events.queries.js';
import { createdAtKeyset, type CreatedAtRange } from './keyset.js';

/**
 * A recorded event (webhook.events): the row every event read of sql/events.sql returns, with its
 * stream position (int8, read as its digits) a bigint. The data is the body's data object as JSON
 * text, kept byte-exact.
 */
export type EventRow = Omit<IEventByIdResult, 'streamSeq'> & { streamSeq: bigint };

/** One HTTP POST of a delivery (webhook.attempts): the generated row with its ids (int8) as bigints. */
export type AttemptRow = Omit<IEventAttemptsResult, 'id' | 'deliveryId'> & { id: bigint; deliveryId: bigint };

/**
 * The columns of an event row, for a row aliased `ev`: the select list of the event reads of
 * sql/events.sql word for word (test/event-columns.test.ts), so the list page built per request
 * reads rows of their generated type.
 */
export const EVENT_COLUMNS = `ev.id, ev.merchant_id AS "merchantId", ev.event_type AS "eventType", ev.created_at AS "createdAt", ev.data, ev.test,
  ev.delivery_status AS "deliveryStatus", ev.recorded_at AS "recordedAt", ev.traceparent, ev.stream_seq::text AS "streamSeq!",
  ev.resource_id AS "resourceId"`;

/** EVENT_COLUMNS without pgtyped's not-null marks (`"name!"`), which its runtime strips from the typed queries' rows. */
const PAGE_COLUMNS = EVENT_COLUMNS.replaceAll('!"', '"');

const toEvent = (row: IEventByIdResult): EventRow => ({ ...row, streamSeq: BigInt(row.streamSeq) });

/** An event by id alone (its owner was checked, or a worker claimed a delivery of it); throws when there is none. */
export async function eventById(db: Queryable, id: string): Promise<EventRow> {
  const [row] = await eventByIdQuery.run({ id }, db);
  if (!row) throw new Error(`event ${id} not found`);
  return toEvent(row);
}

/**
 * One event of the merchant with every attempt to deliver it, oldest first, read from one
 * snapshot: an attempt and the event status it leads to commit together, so the two always agree
 * (never `delivered` beside an attempt list that does not show the delivery yet). Null when the
 * merchant has no such event.
 */
export async function findEventWithAttempts(
  pool: SqlPool,
  merchantId: string,
  id: string,
): Promise<(EventRow & { attempts: AttemptRow[] }) | null> {
  return transaction(pool, async (tx) => {
    // A transaction setting, not a query: there is nothing for pgtyped to type.
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const [event] = await merchantEvent.run({ merchantId, id }, tx);
    const attempts = await eventAttempts.run({ eventId: id }, tx);
    if (!event) return null;
    return { ...toEvent(event), attempts: attempts.map((a) => ({ ...a, id: BigInt(a.id), deliveryId: BigInt(a.deliveryId) })) };
  });
}

/** What a list of events is filtered by. */
export interface EventFilters {
  merchantId: string;
  eventType: string;
  deliveryStatuses: string[];
  /** Only events whose data is this resource ('' for any). */
  resourceId: string;
  createdAt: CreatedAtRange;
}

/** One keyset page of the merchant's events, in one statement. */
export async function queryEvents(
  db: Queryable,
  f: EventFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: EventRow[]; hasMore: boolean }> {
  const query = createdAtKeyset(page, 'ev');
  const filter = new SqlFilter().add((v) => `ev.merchant_id = ${v}`, f.merchantId);
  if (f.eventType) filter.add((v) => `ev.event_type = ${v}`, f.eventType);
  if (f.resourceId) filter.add((v) => `ev.resource_id = ${v}`, f.resourceId);
  if (f.deliveryStatuses.length) filter.oneOf('ev.delivery_status', f.deliveryStatuses);
  if (f.createdAt.gte) filter.add((v) => `ev.created_at >= ${v}`, f.createdAt.gte);
  if (f.createdAt.lte) filter.add((v) => `ev.created_at <= ${v}`, f.createdAt.lte);
  const found = await rows<IEventByIdResult>(
    db,
    keysetPageSql(`SELECT ${PAGE_COLUMNS} FROM webhook.events ev`, filter, query),
    filter.values,
  );
  return pageOf(found.map(toEvent), query);
}
