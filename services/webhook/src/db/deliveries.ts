import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import { lockEvent, refreshEventStatus } from './event-status.js';

/** A delivery claimed by a worker for one attempt. */
export interface ClaimedDelivery {
  id: bigint;
  eventId: string;
  endpointId: string;
  attemptCount: number;
  maxAttempts: number;
  /** Asked for by the merchant (retry, replay): attempted whatever the circuit breaker says. */
  manual: boolean;
  /** Start of the delivery's retry window. */
  windowStartedAt: Date;
}

/** What happened to one attempt. */
export interface AttemptOutcome {
  attemptedAt: Date;
  statusCode: number;
  latencyMs: number;
  error: string;
  success: boolean;
  /** The first 500 characters of the answer body. */
  responseExcerpt: string;
  /** When the next attempt is due after a failure; null when the budget is spent. */
  nextAttemptAt: Date | null;
}

/**
 * Moves a claimed delivery to `until` without counting an attempt (its endpoint's circuit is
 * open), unless `until` falls after the end of its retry window (window_started_at plus
 * `windowMs`): then it fails like a delivery whose attempts are spent, and the event's status
 * follows. Returns which happened (null when a stale worker changed nothing).
 */
export async function postpone(
  pool: SqlPool,
  claimed: ClaimedDelivery,
  until: Date,
  windowMs: number,
): Promise<'postponed' | 'failed' | null> {
  const latestStart = new Date(until.getTime() - windowMs);
  const { rowCount } = await pool.query(
    `UPDATE webhook.deliveries SET next_attempt_at = $4, leased_until = NULL
      WHERE id = $1 AND attempt_count = $2 AND status IN ('pending', 'retrying') AND window_started_at >= $3`,
    [claimed.id.toString(), claimed.attemptCount, latestStart, until],
  );
  if ((rowCount ?? 0) > 0) return 'postponed';
  return transaction(pool, async (tx) => {
    await lockEvent(tx, claimed.eventId);
    const expired = await tx.query(
      `UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
        WHERE id = $1 AND attempt_count = $2 AND status IN ('pending', 'retrying') AND window_started_at < $3`,
      [claimed.id.toString(), claimed.attemptCount, latestStart],
    );
    if ((expired.rowCount ?? 0) === 0) return null;
    await refreshEventStatus(tx, claimed.eventId);
    return 'failed';
  });
}

/**
 * Gives a claimed delivery back, due at `at` and unleased, without an attempt and whatever its
 * retry window (its destination had no room: it waits its turn, as a delivery left unclaimed
 * does). Nothing changes when a stale worker's claim was overtaken.
 */
export async function putBack(db: Queryable, claimed: ClaimedDelivery, at: Date): Promise<void> {
  await db.query(
    `UPDATE webhook.deliveries SET next_attempt_at = $3, leased_until = NULL
      WHERE id = $1 AND attempt_count = $2 AND status IN ('pending', 'retrying')`,
    [claimed.id.toString(), claimed.attemptCount, at],
  );
}

/** Ends a claimed delivery without an attempt (its endpoint was disabled meanwhile). */
export async function abandon(pool: SqlPool, claimed: ClaimedDelivery): Promise<void> {
  await transaction(pool, async (tx) => {
    await lockEvent(tx, claimed.eventId);
    await tx.query(
      `UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
        WHERE id = $1 AND status IN ('pending', 'retrying')`,
      [claimed.id.toString()],
    );
    await refreshEventStatus(tx, claimed.eventId);
  });
}

/** One due delivery of the event per endpoint (repeats skipped); `manual` ones ignore the circuit breaker. */
export async function insertDueDeliveries(
  db: Queryable,
  d: { merchantId: string; eventId: string; endpointIds: string[]; at: Date; manual?: boolean },
): Promise<void> {
  if (d.endpointIds.length === 0) return;
  await db.query(
    `INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
     SELECT $1, $2, endpoint_id, $4::timestamptz, $4::timestamptz, $5::boolean FROM unnest($3::text[]) AS endpoint_id
     ON CONFLICT DO NOTHING`,
    [d.merchantId, d.eventId, d.endpointIds, d.at, d.manual ?? false],
  );
}

/**
 * Makes every delivery of the event to an enabled endpoint due at `at` as a manual attempt:
 * attempt numbers continue, a finished delivery gets one more attempt, one still retrying keeps
 * its remaining budget. Call with the event locked.
 */
export async function rearmDeliveries(db: Queryable, eventId: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE webhook.deliveries d
        SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
            status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
            next_attempt_at = $2,
            window_started_at = $2,
            manual = true,
            leased_until = NULL
       FROM webhook.endpoints e
      WHERE d.event_id = $1 AND e.id = d.endpoint_id AND e.status = 'enabled'`,
    [eventId, at],
  );
}

/** Ends every waiting delivery to the endpoint as failed, each event locked and its status recomputed. */
export async function failWaitingDeliveries(db: Queryable, endpointId: string): Promise<void> {
  const waiting = await rows<{ eventId: string }>(
    db,
    `SELECT event_id AS "eventId" FROM webhook.deliveries WHERE endpoint_id = $1 AND status IN ('pending', 'retrying') ORDER BY event_id`,
    [endpointId],
  );
  for (const { eventId } of waiting) {
    await lockEvent(db, eventId);
    await db.query(
      `UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
        WHERE endpoint_id = $1 AND event_id = $2 AND status IN ('pending', 'retrying')`,
      [endpointId, eventId],
    );
    await refreshEventStatus(db, eventId);
  }
}
