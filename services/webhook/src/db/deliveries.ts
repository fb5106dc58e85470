import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import {
  abandonDelivery,
  expireDelivery,
  failWaitingDeliveries as failWaitingDeliveriesQuery,
  insertDueDeliveries as insertDueDeliveriesQuery,
  postponeDelivery,
  putBackDelivery,
  rearmDeliveries as rearmDeliveriesQuery,
  waitingEventsOfEndpoint,
} from '../generated/sql/deliveries.queries.js';
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
  const postponed = await postponeDelivery.run({ id: claimed.id.toString(), attemptCount: claimed.attemptCount, latestStart, until }, pool);
  if (postponed.length > 0) return 'postponed';
  return transaction(pool, async (tx) => {
    await lockEvent(tx, claimed.eventId);
    const expired = await expireDelivery.run({ id: claimed.id.toString(), attemptCount: claimed.attemptCount, latestStart }, tx);
    if (expired.length === 0) return null;
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
  await putBackDelivery.run({ id: claimed.id.toString(), attemptCount: claimed.attemptCount, at }, db);
}

/** Ends a claimed delivery without an attempt (its endpoint was disabled meanwhile). */
export async function abandon(pool: SqlPool, claimed: ClaimedDelivery): Promise<void> {
  await transaction(pool, async (tx) => {
    await lockEvent(tx, claimed.eventId);
    await abandonDelivery.run({ id: claimed.id.toString() }, tx);
    await refreshEventStatus(tx, claimed.eventId);
  });
}

/** One due delivery of the event per endpoint (repeats skipped); `manual` ones ignore the circuit breaker. */
export async function insertDueDeliveries(
  db: Queryable,
  d: { merchantId: string; eventId: string; endpointIds: string[]; at: Date; manual?: boolean },
): Promise<void> {
  if (d.endpointIds.length === 0) return;
  await insertDueDeliveriesQuery.run(
    { merchantId: d.merchantId, eventId: d.eventId, endpointIds: d.endpointIds, at: d.at, manual: d.manual ?? false },
    db,
  );
}

/**
 * Makes every delivery of the event to an enabled endpoint due at `at` as a manual attempt:
 * attempt numbers continue, a finished delivery gets one more attempt, one still retrying keeps
 * its remaining budget. Call with the event locked.
 */
export async function rearmDeliveries(db: Queryable, eventId: string, at: Date): Promise<void> {
  await rearmDeliveriesQuery.run({ eventId, at }, db);
}

/** Ends every waiting delivery to the endpoint as failed, each event locked and its status recomputed. */
export async function failWaitingDeliveries(db: Queryable, endpointId: string): Promise<void> {
  const waiting = await waitingEventsOfEndpoint.run({ endpointId }, db);
  for (const { eventId } of waiting) {
    await lockEvent(db, eventId);
    await failWaitingDeliveriesQuery.run({ endpointId, eventId }, db);
    await refreshEventStatus(db, eventId);
  }
}
