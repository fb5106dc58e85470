import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
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

/** The events of a selection, as a condition on `ev` ($1 merchant, $2 status, $3 from, $4 to). */
const SELECTED = `ev.merchant_id = $1 AND ($2 = '' OR ev.delivery_status = $2)
  AND ($3::timestamptz IS NULL OR ev.created_at >= $3::timestamptz) AND ($4::timestamptz IS NULL OR ev.created_at <= $4::timestamptz)`;

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
  const [row] = await rows<{ count: number | null; opens_at: Date | null }>(
    db,
    `WITH gate AS (
       INSERT INTO webhook.replay_gates AS g (merchant_id, last_accepted_at) VALUES ($1, now())
       ON CONFLICT (merchant_id) DO UPDATE SET last_accepted_at = now()
        WHERE g.last_accepted_at <= now() - $5 * interval '1 millisecond'
       RETURNING merchant_id),
     matching AS (
       SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook.events ev WHERE ${SELECTED} LIMIT $6) m),
     request AS (
       INSERT INTO webhook.replay_requests (merchant_id, delivery_status, endpoint_id, created_from, created_to, event_count)
       SELECT $1, $2, $7, $3, $4, (SELECT n FROM matching) FROM gate
       RETURNING event_count)
     SELECT (SELECT event_count FROM request) AS count,
            coalesce((SELECT last_accepted_at FROM webhook.replay_gates WHERE merchant_id = $1), now()) + $5 * interval '1 millisecond'
              AS opens_at`,
    [s.merchantId, s.deliveryStatus, s.createdFrom, s.createdTo, intervalMs, limit, s.endpointId],
  );
  if (row?.count !== null && row?.count !== undefined) return { accepted: true, count: row.count };
  return { accepted: false, opensAt: row?.opens_at ?? new Date() };
}

/** An accepted bulk replay being carried out. */
export interface ReplayRequest extends ReplaySelection {
  id: bigint;
  acceptedAt: Date;
  eventCount: number;
  rearmed: number;
  afterCreatedAt: Date | null;
  afterId: string | null;
}

/**
 * Claims the oldest unfinished replay no replica holds (FOR UPDATE SKIP LOCKED), leasing it until
 * `leaseUntil`: a replica that dies mid-replay leaves it to another once the lease is over.
 */
export async function claimReplay(db: Queryable, leaseUntil: Date): Promise<ReplayRequest | null> {
  const [row] = await rows<{
    id: string;
    merchant_id: string;
    delivery_status: string;
    endpoint_id: string;
    created_from: Date | null;
    created_to: Date | null;
    accepted_at: Date;
    event_count: number;
    rearmed: number;
    after_created_at: Date | null;
    after_id: string | null;
  }>(
    db,
    `UPDATE webhook.replay_requests r SET leased_until = $1
      WHERE r.id = (SELECT id FROM webhook.replay_requests
                     WHERE done_at IS NULL AND (leased_until IS NULL OR leased_until <= now())
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING r.id::text, r.merchant_id, r.delivery_status, r.endpoint_id, r.created_from, r.created_to, r.accepted_at,
               r.event_count, r.rearmed, r.after_created_at, r.after_id`,
    [leaseUntil],
  );
  if (!row) return null;
  return {
    id: BigInt(row.id),
    merchantId: row.merchant_id,
    deliveryStatus: row.delivery_status,
    endpointId: row.endpoint_id,
    createdFrom: row.created_from,
    createdTo: row.created_to,
    acceptedAt: row.accepted_at,
    eventCount: row.event_count,
    rearmed: row.rearmed,
    afterCreatedAt: row.after_created_at,
    afterId: row.after_id,
  };
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
  // Only the endpoint a replay names, when it names one ($3 '' for every enabled endpoint).
  const endpointFilter = `AND ($3 = '' OR ep.id = $3)`;
  const take = Math.min(batch, r.eventCount - r.rearmed);
  return transaction(pool, async (tx) => {
    const events =
      take <= 0
        ? []
        : await rows<{ id: string; created_at: Date }>(
            tx,
            `SELECT id, created_at FROM (
               SELECT id, created_at FROM webhook.events
                WHERE merchant_id = $1 AND recorded_at <= $2
                  AND ($3 = '' OR delivery_status = $3)
                  AND ($4::timestamptz IS NULL OR created_at >= $4::timestamptz)
                  AND ($5::timestamptz IS NULL OR created_at <= $5::timestamptz)
                  AND ($6::text IS NULL OR (created_at, id) > ($7::timestamptz, $6::text))
                ORDER BY created_at, id LIMIT $8
             ) chosen ORDER BY id FOR UPDATE`,
            [r.merchantId, r.acceptedAt, r.deliveryStatus, r.createdFrom, r.createdTo, r.afterId, r.afterCreatedAt, take],
          );
    const ids = events.map((e) => e.id);
    if (ids.length > 0) {
      await tx.query(
        `INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
         SELECT ev.merchant_id, ev.id, ep.id, $2::timestamptz, $2::timestamptz, true
           FROM webhook.events ev
           JOIN webhook.endpoints ep ON ep.merchant_id = ev.merchant_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL
                AND webhook.subscribes(ep.enabled_events, ev.event_type) ${endpointFilter}
          WHERE ev.id = ANY($1::text[])
         ON CONFLICT (event_id, endpoint_id) DO NOTHING`,
        [ids, at, r.endpointId],
      );
      await tx.query(
        `UPDATE webhook.deliveries d
            SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
                status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
                next_attempt_at = $2, window_started_at = $2, manual = true, leased_until = NULL
           FROM webhook.endpoints ep
          WHERE d.event_id = ANY($1::text[]) AND ep.id = d.endpoint_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL ${endpointFilter}`,
        [ids, at, r.endpointId],
      );
      await refreshEventStatuses(tx, ids);
    }
    const last = events.reduce<{ id: string; created_at: Date } | undefined>(
      (a, e) => (!a || e.created_at > a.created_at || (+e.created_at === +a.created_at && e.id > a.id) ? e : a),
      undefined,
    );
    const rearmed = r.rearmed + ids.length;
    const done = ids.length < take || take <= 0 || rearmed >= r.eventCount;
    const { rowCount: moved } = await tx.query(
      `UPDATE webhook.replay_requests
          SET rearmed = $2, after_created_at = $3, after_id = $4, done_at = $5, leased_until = $6
        WHERE id = $1 AND rearmed = $7 AND done_at IS NULL`,
      [
        r.id.toString(),
        rearmed,
        last?.created_at ?? r.afterCreatedAt,
        last?.id ?? r.afterId,
        done ? new Date() : null,
        done ? null : leaseUntil,
        r.rearmed,
      ],
    );
    // Another replica moved it on meanwhile (this one's lease ran out): undo this batch.
    if (moved !== 1) throw new ReplayTakenOver();
    return { request: { ...r, rearmed, afterCreatedAt: last?.created_at ?? r.afterCreatedAt, afterId: last?.id ?? r.afterId }, done };
  });
}

/** Gives back an unfinished replay's lease (its runner is stopping): another replica may take it over at once. */
export async function releaseReplay(db: Queryable, id: bigint): Promise<void> {
  await db.query('UPDATE webhook.replay_requests SET leased_until = NULL WHERE id = $1 AND done_at IS NULL', [id.toString()]);
}

/** Thrown inside a batch's transaction when another replica took its replay over: the batch is undone. */
class ReplayTakenOver extends Error {
  constructor() {
    super('the replay was taken over by another replica');
  }
}
