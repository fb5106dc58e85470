import type { ClaimedDelivery } from './deliveries.js';
import type { Db } from './client.js';

/**
 * Reserves the next slot of an endpoint's throttle (GCRA with no burst: slots 1/perSecond apart,
 * the first at `now` when the endpoint has been idle). One statement on the endpoint's row, so
 * every replica shares the throttle and no two deliveries get the same slot. Returns the slot
 * (wall clock); at or before `now` means go now.
 */
export async function reserveRateSlot(db: Db, endpointId: string, perSecond: number, now: Date): Promise<Date> {
  const spacingMs = 1000 / perSecond;
  const rows = await db.$queryRaw<{ slot: Date }[]>`
    UPDATE "webhook"."endpoints"
       SET rate_next_at = greatest(coalesce(rate_next_at, ${now}), ${now}) + ${spacingMs} * interval '1 millisecond'
     WHERE id = ${endpointId}
    RETURNING rate_next_at - ${spacingMs} * interval '1 millisecond' AS slot`;
  return rows[0]?.slot ?? now;
}

/**
 * Gives a claimed delivery back to wait for its reserved slot: due at `dueAt` (the merchant's
 * clock) and unleased, no attempt counted and the retry window untouched.
 */
export async function waitForRateSlot(db: Db, claimed: ClaimedDelivery, slot: Date, dueAt: Date): Promise<void> {
  await db.delivery.updateMany({
    where: { id: claimed.id, attemptCount: claimed.attemptCount, status: { in: ['pending', 'retrying'] } },
    data: { nextAttemptAt: dueAt, leasedUntil: null, rateSlotAt: slot },
  });
}

/** Spends a delivery's reserved slot as its attempt starts, so a later retry reserves anew. */
export async function spendRateSlot(db: Db, claimed: ClaimedDelivery): Promise<void> {
  await db.delivery.updateMany({ where: { id: claimed.id }, data: { rateSlotAt: null } });
}
