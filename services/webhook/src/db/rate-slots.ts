import type { Queryable } from '@vrp/sql';
import {
  reserveRateSlot as reserveRateSlotQuery,
  spendRateSlot as spendRateSlotQuery,
  waitForRateSlot as waitForRateSlotQuery,
} from '../generated/sql/rate-slots.queries.js';
import type { ClaimedDelivery } from './deliveries.js';

/**
 * Reserves the next slot of an endpoint's throttle (GCRA with no burst: slots 1/perSecond apart,
 * the first at `now` when the endpoint has been idle). One statement on the endpoint's row, so
 * every replica shares the throttle and no two deliveries get the same slot. Returns the slot
 * (wall clock); at or before `now` means go now.
 */
export async function reserveRateSlot(db: Queryable, endpointId: string, perSecond: number, now: Date): Promise<Date> {
  const spacingMs = 1000 / perSecond;
  const [row] = await reserveRateSlotQuery.run({ endpointId, now, spacingMs }, db);
  return row?.slot ?? now;
}

/**
 * Gives a claimed delivery back to wait for its reserved slot: due at `dueAt` (the merchant's
 * clock) and unleased, no attempt counted and the retry window untouched.
 */
export async function waitForRateSlot(db: Queryable, claimed: ClaimedDelivery, slot: Date, dueAt: Date): Promise<void> {
  await waitForRateSlotQuery.run({ id: claimed.id.toString(), attemptCount: claimed.attemptCount, dueAt, slot }, db);
}

/** Spends a delivery's reserved slot as its attempt starts, so a later retry reserves anew. */
export async function spendRateSlot(db: Queryable, claimed: ClaimedDelivery): Promise<void> {
  await spendRateSlotQuery.run({ id: claimed.id.toString() }, db);
}
