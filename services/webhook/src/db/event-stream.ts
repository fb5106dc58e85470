/**
 * The merchant's event stream: events by their position (`stream_seq`), which a trigger gives
 * each event as it is recorded, in the order a merchant's recordings commit.
 */
import type { Queryable } from '@vrp/sql';
import {
  eventsAfter as eventsAfterQuery,
  streamHead as streamHeadQuery,
  type IEventsAfterResult,
} from '../generated/sql/event-stream.queries.js';

/** An event as the stream serves it: the stream read's row with its position (int8, read as its digits) a bigint. */
export type StreamEventRow = Omit<IEventsAfterResult, 'seq'> & { seq: bigint };

/** The merchant's events after position `afterSeq`, in stream order, at most `limit`. */
export async function eventsAfter(db: Queryable, merchantId: string, afterSeq: bigint, limit: number): Promise<StreamEventRow[]> {
  const found = await eventsAfterQuery.run({ merchantId, afterSeq: afterSeq.toString(), limit }, db);
  return found.map((r) => ({ ...r, seq: BigInt(r.seq) }));
}

/** The merchant's last position given so far (0 before its first event). */
export async function streamHead(db: Queryable, merchantId: string): Promise<bigint> {
  const [row] = await streamHeadQuery.run({ merchantId }, db);
  return BigInt(row!.last);
}
