import type { Db, Tx } from './client.js';
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
export async function postpone(db: Db, claimed: ClaimedDelivery, until: Date, windowMs: number): Promise<'postponed' | 'failed' | null> {
  const latestStart = new Date(until.getTime() - windowMs);
  const live = { id: claimed.id, attemptCount: claimed.attemptCount, status: { in: ['pending', 'retrying'] } };
  const { count } = await db.delivery.updateMany({
    where: { ...live, windowStartedAt: { gte: latestStart } },
    data: { nextAttemptAt: until, leasedUntil: null },
  });
  if (count > 0) return 'postponed';
  return db.$transaction(async (tx) => {
    await lockEvent(tx, claimed.eventId);
    const expired = await tx.delivery.updateMany({
      where: { ...live, windowStartedAt: { lt: latestStart } },
      data: { status: 'failed', nextAttemptAt: null, leasedUntil: null },
    });
    if (expired.count === 0) return null;
    await refreshEventStatus(tx, claimed.eventId);
    return 'failed';
  });
}

/**
 * Gives a claimed delivery back, due at `at` and unleased, without an attempt and whatever its
 * retry window (its destination had no room: it waits its turn, as a delivery left unclaimed
 * does). Nothing changes when a stale worker's claim was overtaken.
 */
export async function putBack(db: Db, claimed: ClaimedDelivery, at: Date): Promise<void> {
  await db.delivery.updateMany({
    where: { id: claimed.id, attemptCount: claimed.attemptCount, status: { in: ['pending', 'retrying'] } },
    data: { nextAttemptAt: at, leasedUntil: null },
  });
}

/** Ends a claimed delivery without an attempt (its endpoint was disabled meanwhile). */
export async function abandon(db: Db, claimed: ClaimedDelivery): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockEvent(tx, claimed.eventId);
    await tx.delivery.updateMany({
      where: { id: claimed.id, status: { in: ['pending', 'retrying'] } },
      data: { status: 'failed', nextAttemptAt: null, leasedUntil: null },
    });
    await refreshEventStatus(tx, claimed.eventId);
  });
}

/** One due delivery of the event per endpoint (repeats skipped); `manual` ones ignore the circuit breaker. */
export async function insertDueDeliveries(
  tx: Tx,
  d: { merchantId: string; eventId: string; endpointIds: string[]; at: Date; manual?: boolean },
): Promise<void> {
  await tx.delivery.createMany({
    data: d.endpointIds.map((endpointId) => ({
      merchantId: d.merchantId,
      eventId: d.eventId,
      endpointId,
      nextAttemptAt: d.at,
      windowStartedAt: d.at,
      ...(d.manual ? { manual: true } : {}),
    })),
    skipDuplicates: true,
  });
}

/**
 * Makes every delivery of the event to an enabled endpoint due at `at` as a manual attempt:
 * attempt numbers continue, a finished delivery gets one more attempt, one still retrying keeps
 * its remaining budget. Call with the event locked.
 */
export async function rearmDeliveries(tx: Tx, eventId: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE "webhook"."deliveries" d
       SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
           status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
           next_attempt_at = ${at},
           window_started_at = ${at},
           manual = true,
           leased_until = NULL
      FROM "webhook"."endpoints" e
     WHERE d.event_id = ${eventId} AND e.id = d.endpoint_id AND e.status = 'enabled'`;
}

/** Ends every waiting delivery to the endpoint as failed, each event locked and its status recomputed. */
export async function failWaitingDeliveries(tx: Tx, endpointId: string): Promise<void> {
  const waiting = await tx.delivery.findMany({
    where: { endpointId, status: { in: ['pending', 'retrying'] } },
    select: { eventId: true },
    orderBy: { eventId: 'asc' },
  });
  for (const { eventId } of waiting) {
    await lockEvent(tx, eventId);
    await tx.delivery.updateMany({
      where: { endpointId, eventId, status: { in: ['pending', 'retrying'] } },
      data: { status: 'failed', nextAttemptAt: null, leasedUntil: null },
    });
    await refreshEventStatus(tx, eventId);
  }
}
