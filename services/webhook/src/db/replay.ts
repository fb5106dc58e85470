import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import {
  acceptReplay as acceptReplayQuery,
  claimReplay as claimReplayQuery,
  insertReplayDeliveries,
  rearmReplayDeliveries,
  recordReplayProgress,
  releaseReplay as releaseReplayQuery,
  replayBatchEvents,
  type IClaimReplayResult,
} from '../generated/sql/replay.queries.js';
import { refreshEventStatuses } from './event-status.js';

/** Which of the merchant's events a bulk replay takes. */
export interface ReplaySelection {
  merchantId: string;
  /** '' for any. */
  deliveryStatus: string;
  /** '' for every enabled endpoint. */
  endpointId: string;
  createdFrom: Date | null;
  createdTo: Date | null;
}

/**
 * Accepts a bulk replay in one statement, unless the merchant's last one was accepted less than
 * `intervalMs` ago: the merchant's gate row moves to now only if that much has passed (its lock
 * orders concurrent requests, so exactly one of them gets through), and the request is recorded
 * with how many events match now (at most `limit`), which is its answer. Refused, it returns
 * when the gate opens again.
 */
export async function acceptReplay(
  db: Queryable,
  s: ReplaySelection,
  intervalMs: number,
  limit: number,
): Promise<{ accepted: true; count: number } | { accepted: false; opensAt: Date }> {
  const [row] = await acceptReplayQuery.run(
    {
      merchantId: s.merchantId,
      deliveryStatus: s.deliveryStatus,
      createdFrom: s.createdFrom,
      createdTo: s.createdTo,
      intervalMs,
      limit,
      endpointId: s.endpointId,
    },
    db,
  );
  if (row?.count !== null && row?.count !== undefined) return { accepted: true, count: row.count };
  return { accepted: false, opensAt: row?.opensAt ?? new Date() };
}

/**
 * An accepted bulk replay being carried out: the row the claim of sql/replay.sql returns, with its
 * id (int8, read as its digits) a bigint.
 */
export type ReplayRequest = Omit<IClaimReplayResult, 'id'> & { id: bigint };

/**
 * Claims the oldest unfinished replay no replica holds (FOR UPDATE SKIP LOCKED), leasing it until
 * `leaseUntil`: a replica that dies mid-replay leaves it to another once the lease is over.
 */
export async function claimReplay(db: Queryable, leaseUntil: Date): Promise<ReplayRequest | null> {
  const [row] = await claimReplayQuery.run({ leaseUntil }, db);
  return row ? { ...row, id: BigInt(row.id) } : null;
}

/**
 * Re-arms the deliveries of the next `batch` events of a replay (oldest first, after the last
 * one it re-armed, recorded before it was accepted, never more than it counted) as manual
 * attempts due at `at`, and records its progress, in one transaction: events are locked in id
 * order, as every other writer of deliveries locks them, endpoints subscribed since an event was
 * recorded get a delivery too, and each event's deliveries are recounted with its status. The
 * progress moves only from where `r` left it, so a replica whose lease ran out changes nothing.
 * Returns the replay as it now stands and whether it is done, or null when another replica had
 * moved it on.
 */
export async function rearmNextBatch(
  pool: SqlPool,
  r: ReplayRequest,
  at: Date,
  batch: number,
  leaseUntil: Date,
): Promise<{ request: ReplayRequest; done: boolean } | null> {
  try {
    return await rearmBatch(pool, r, at, batch, leaseUntil);
  } catch (err) {
    if (err instanceof ReplayTakenOver) return null;
    throw err;
  }
}

async function rearmBatch(pool: SqlPool, r: ReplayRequest, at: Date, batch: number, leaseUntil: Date) {
  const take = Math.min(batch, r.eventCount - r.rearmed);
  return transaction(pool, async (tx) => {
    const events =
      take <= 0
        ? []
        : await replayBatchEvents.run(
            {
              merchantId: r.merchantId,
              acceptedAt: r.acceptedAt,
              deliveryStatus: r.deliveryStatus,
              createdFrom: r.createdFrom,
              createdTo: r.createdTo,
              afterId: r.afterId,
              afterCreatedAt: r.afterCreatedAt,
              limit: take,
            },
            tx,
          );
    const ids = events.map((e) => e.id);
    if (ids.length > 0) {
      // Only the endpoint a replay names, when it names one ('' for every enabled endpoint).
      await insertReplayDeliveries.run({ eventIds: ids, at, endpointId: r.endpointId }, tx);
      await rearmReplayDeliveries.run({ eventIds: ids, at, endpointId: r.endpointId }, tx);
      await refreshEventStatuses(tx, ids);
    }
    const last = events.reduce<{ id: string; createdAt: Date } | undefined>(
      (a, e) => (!a || e.createdAt > a.createdAt || (+e.createdAt === +a.createdAt && e.id > a.id) ? e : a),
      undefined,
    );
    const rearmed = r.rearmed + ids.length;
    const done = ids.length < take || take <= 0 || rearmed >= r.eventCount;
    const moved = await recordReplayProgress.run(
      {
        id: r.id.toString(),
        rearmed,
        afterCreatedAt: last?.createdAt ?? r.afterCreatedAt,
        afterId: last?.id ?? r.afterId,
        doneAt: done ? new Date() : null,
        leaseUntil: done ? null : leaseUntil,
        rearmedBefore: r.rearmed,
      },
      tx,
    );
    // Another replica moved it on meanwhile (this one's lease ran out): undo this batch.
    if (moved.length !== 1) throw new ReplayTakenOver();
    return { request: { ...r, rearmed, afterCreatedAt: last?.createdAt ?? r.afterCreatedAt, afterId: last?.id ?? r.afterId }, done };
  });
}

/** Gives back an unfinished replay's lease (its runner is stopping): another replica may take it over at once. */
export async function releaseReplay(db: Queryable, id: bigint): Promise<void> {
  await releaseReplayQuery.run({ id: id.toString() }, db);
}

/** Thrown inside a batch's transaction when another replica took its replay over: the batch is undone. */
class ReplayTakenOver extends Error {
  constructor() {
    super('the replay was taken over by another replica');
  }
}
