/**
 * The merchant's event stream: events by their position (`stream_seq`), which a trigger gives
 * each event as it is recorded, in the order a merchant's recordings commit.
 */
import { rows, type Queryable } from '@vrp/sql';

/** An event as the stream serves it. */
export interface StreamEventRow {
  seq: bigint;
  id: string;
  merchantId: string;
  eventType: string;
  createdAt: Date;
  data: string;
  test: boolean;
  deliveryStatus: string;
}

/** The merchant's events after position `afterSeq`, in stream order, at most `limit`. */
export async function eventsAfter(db: Queryable, merchantId: string, afterSeq: bigint, limit: number): Promise<StreamEventRow[]> {
  const found = await rows<Omit<StreamEventRow, 'seq'> & { seq: string }>(
    db,
    `SELECT stream_seq::text AS seq, id, merchant_id AS "merchantId", event_type AS "eventType", created_at AS "createdAt",
            data, test, delivery_status AS "deliveryStatus"
       FROM webhook.events
      WHERE merchant_id = $1 AND stream_seq > $2
      ORDER BY stream_seq
      LIMIT $3`,
    [merchantId, afterSeq.toString(), limit],
  );
  return found.map((r) => ({ ...r, seq: BigInt(r.seq) }));
}

/** The merchant's last position given so far (0 before its first event). */
export async function streamHead(db: Queryable, merchantId: string): Promise<bigint> {
  const [row] = await rows<{ last: string }>(
    db,
    `SELECT coalesce(max(stream_seq), 0)::text AS last FROM webhook.events WHERE merchant_id = $1`,
    [merchantId],
  );
  return BigInt(row!.last);
}
