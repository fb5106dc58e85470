import type { Db } from './client.js';
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

/**
 * Claims up to `limit` due deliveries: rows are picked with FOR UPDATE SKIP LOCKED (replicas
 * never pick the same row) and leased by moving next_attempt_at to `leaseUntil`, so the HTTP
 * call happens outside any transaction and a crashed worker's delivery becomes due again.
 */
export function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH due AS (
      SELECT id FROM "webhook"."deliveries"
       WHERE next_attempt_at <= ${now}
       ORDER BY next_attempt_at
       LIMIT ${limit}
       FOR UPDATE SKIP LOCKED
    )
    UPDATE "webhook"."deliveries" d SET next_attempt_at = ${leaseUntil}
      FROM due WHERE d.id = due.id
    RETURNING d.id, d.event_id AS "eventId", d.endpoint_id AS "endpointId",
              d.attempt_count AS "attemptCount", d.max_attempts AS "maxAttempts", d.manual,
              d.window_started_at AS "windowStartedAt"`;
}

/** What happened to one attempt. */
export interface AttemptOutcome {
  attemptedAt: Date;
  statusCode: number;
  latencyMs: number;
  error: string;
  success: boolean;
  /** When the next attempt is due after a failure; null when the budget is spent. */
  nextAttemptAt: Date | null;
}

/**
 * Records an attempt and moves the delivery on (delivered, retrying, failed) and the event's
 * status with it, in one transaction. The update is conditional on the attempt count the
 * worker claimed, so a stale worker (lease expired meanwhile) records nothing.
 */
export async function recordAttempt(db: Db, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await lockEvent(tx, claimed.eventId);
    const attempt = claimed.attemptCount + 1;
    const status = outcome.success ? 'delivered' : outcome.nextAttemptAt ? 'retrying' : 'failed';
    const { count } = await tx.delivery.updateMany({
      where: { id: claimed.id, attemptCount: claimed.attemptCount, status: { in: ['pending', 'retrying'] } },
      data: { attemptCount: attempt, status, nextAttemptAt: outcome.success ? null : outcome.nextAttemptAt, manual: false },
    });
    if (count === 0) return false;
    await tx.attempt.create({
      data: {
        deliveryId: claimed.id,
        eventId: claimed.eventId,
        endpointId: claimed.endpointId,
        attempt,
        attemptedAt: outcome.attemptedAt,
        statusCode: outcome.statusCode,
        latencyMs: outcome.latencyMs,
        error: outcome.error,
        success: outcome.success,
      },
    });
    await refreshEventStatus(tx, claimed.eventId);
    return true;
  });
}

/**
 * Moves a claimed delivery to `until` without counting an attempt (its endpoint's circuit is
 * open), unless `until` falls after the end of its retry window (window_started_at plus
 * `windowMs`): then it fails like a delivery whose attempts are spent, and the event's status
 * follows. Returns which happened (null when a stale worker changed nothing).
 */
export async function postpone(db: Db, claimed: ClaimedDelivery, until: Date, windowMs: number): Promise<'postponed' | 'failed' | null> {
  const latestStart = new Date(until.getTime() - windowMs);
  const live = { id: claimed.id, attemptCount: claimed.attemptCount, status: { in: ['pending', 'retrying'] } };
  const { count } = await db.delivery.updateMany({ where: { ...live, windowStartedAt: { gte: latestStart } }, data: { nextAttemptAt: until } });
  if (count > 0) return 'postponed';
  return db.$transaction(async (tx) => {
    await lockEvent(tx, claimed.eventId);
    const expired = await tx.delivery.updateMany({ where: { ...live, windowStartedAt: { lt: latestStart } }, data: { status: 'failed', nextAttemptAt: null } });
    if (expired.count === 0) return null;
    await refreshEventStatus(tx, claimed.eventId);
    return 'failed';
  });
}

/** Ends a claimed delivery without an attempt (its endpoint was disabled meanwhile). */
export async function abandon(db: Db, claimed: ClaimedDelivery): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockEvent(tx, claimed.eventId);
    await tx.delivery.updateMany({ where: { id: claimed.id, status: { in: ['pending', 'retrying'] } }, data: { status: 'failed', nextAttemptAt: null } });
    await refreshEventStatus(tx, claimed.eventId);
  });
}
