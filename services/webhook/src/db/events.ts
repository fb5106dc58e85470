import type { common } from '@vrp/contracts';
import { SqlFilter, keysetPageSql, pageOf } from '@vrp/pagination';
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import { createdAtKeyset, type CreatedAtRange } from './keyset.js';

/** A recorded event (webhook.events), as COLUMNS reads it: its stream position as bigint. */
export interface EventRow {
  id: string;
  merchantId: string;
  eventType: string;
  createdAt: Date;
  /** The body's data object as JSON text, kept byte-exact. */
  data: string;
  test: boolean;
  deliveryStatus: string;
  recordedAt: Date;
  traceparent: string | null;
  streamSeq: bigint;
  resourceId: string | null;
}

/** One HTTP POST of a delivery (webhook.attempts): ids as bigint. */
export interface AttemptRow {
  id: bigint;
  deliveryId: bigint;
  eventId: string;
  endpointId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number;
  latencyMs: number;
  error: string;
  success: boolean;
  responseExcerpt: string;
}

/** The columns of an event row, for a row aliased `ev` (stream_seq as text, made a bigint by toEvent). */
const COLUMNS = `ev.id, ev.merchant_id AS "merchantId", ev.event_type AS "eventType", ev.created_at AS "createdAt", ev.data, ev.test,
  ev.delivery_status AS "deliveryStatus", ev.recorded_at AS "recordedAt", ev.traceparent, ev.stream_seq::text AS "streamSeq",
  ev.resource_id AS "resourceId"`;

type EventColumns = Omit<EventRow, 'streamSeq'> & { streamSeq: string };

const toEvent = (row: EventColumns): EventRow => ({ ...row, streamSeq: BigInt(row.streamSeq) });

/** An event by id alone (its owner was checked, or a worker claimed a delivery of it); throws when there is none. */
export async function eventById(db: Queryable, id: string): Promise<EventRow> {
  const [row] = await rows<EventColumns>(db, `SELECT ${COLUMNS} FROM webhook.events ev WHERE ev.id = $1`, [id]);
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
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const [event] = await rows<EventColumns>(tx, `SELECT ${COLUMNS} FROM webhook.events ev WHERE ev.merchant_id = $1 AND ev.id = $2`, [
      merchantId,
      id,
    ]);
    const attempts = await rows<Omit<AttemptRow, 'id' | 'deliveryId'> & { id: string; deliveryId: string }>(
      tx,
      `SELECT id::text AS id, delivery_id::text AS "deliveryId", event_id AS "eventId", endpoint_id AS "endpointId", attempt,
              attempted_at AS "attemptedAt", status_code AS "statusCode", latency_ms AS "latencyMs", error, success,
              response_excerpt AS "responseExcerpt"
         FROM webhook.attempts WHERE event_id = $1 ORDER BY attempted_at, id`,
      [id],
    );
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
  const found = await rows<EventColumns>(db, keysetPageSql(`SELECT ${COLUMNS} FROM webhook.events ev`, filter, query), filter.values);
  return pageOf(found.map(toEvent), query);
}
