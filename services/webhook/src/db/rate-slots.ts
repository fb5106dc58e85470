import { rows, type Queryable } from '@vrp/sql';
import type { ClaimedDelivery } from './deliveries.js';

/**
 * Reserves the next slot of an endpoint's throttle (GCRA with no burst: slots 1/perSecond apart,
 * the first at `now` when the endpoint has been idle). One statement on the endpoint's row, so
 * every replica shares the throttle and no two deliveries get the same slot. Returns the slot
 * (wall clock); at or before `now` means go now.
 */
export async function reserveRateSlot(db: Queryable, endpointId: string, perSecond: number, now: Date): Promise<Date> {
  const spacingMs = 1000 / perSecond;
  const [row] = await rows<{ slot: Date }>(
    db,
    `UPDATE webhook.endpoints
        SET rate_next_at = greatest(coalesce(rate_next_at, $2::timestamptz), $2::timestamptz) + $3::float8 * interval '1 millisecond'
      WHERE id = $1
     RETURNING rate_next_at - $3::float8 * interval '1 millisecond' AS slot`,
    [endpointId, now, spacingMs],
  );
  return row?.slot ?? now;
}

/**
 * Gives a claimed delivery back to wait for its reserved slot: due at `dueAt` (the merchant's
 * clock) and unleased, no attempt counted and the retry window untouched.
 */
export async function waitForRateSlot(db: Queryable, claimed: ClaimedDelivery, slot: Date, dueAt: Date): Promise<void> {
  await db.query(
    `UPDATE webhook.deliveries SET next_attempt_at = $3, leased_until = NULL, rate_slot_at = $4
      WHERE id = $1 AND attempt_count = $2 AND status IN ('pending', 'retrying')`,
    [claimed.id.toString(), claimed.attemptCount, dueAt, slot],
  );
}

/** Spends a delivery's reserved slot as its attempt starts, so a later retry reserves anew. */
export async function spendRateSlot(db: Queryable, claimed: ClaimedDelivery): Promise<void> {
  await db.query('UPDATE webhook.deliveries SET rate_slot_at = NULL WHERE id = $1', [claimed.id.toString()]);
}
