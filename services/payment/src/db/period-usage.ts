/**
 * Periodic limits' usage: one counter row per (mandate, limit period) carrying the limit's caps,
 * which CHECK constraints hold, and one row per (payment, period) it is counted in. Claims take
 * the counter row's lock, so concurrent payments of a mandate are counted one after the other
 * and never past a cap.
 */
import type { Queryable } from '@vrp/sql';
import {
  claimUsage as claimUsageQuery,
  reclaimUsage as reclaimUsageQuery,
  usageOf as usageOfQuery,
} from '../generated/sql/period-usage.queries.js';
import type { UsageClaim } from '../domain/collection-rules.js';

/**
 * Counts payment `paymentId` of `amountMinor` in each claimed period. Returns the index of the
 * first limit it would take over a cap (nothing of this claim is kept then: the caller's
 * transaction must roll back), or -1 when every period took it.
 */
export async function claimUsage(
  db: Queryable,
  mandateId: string,
  paymentId: string,
  amountMinor: bigint,
  claims: UsageClaim[],
): Promise<number> {
  for (const claim of claims) {
    if (claim.maxAmountMinor !== null && amountMinor > claim.maxAmountMinor) return claim.index;
    const counted = await claimUsageQuery.run(
      {
        mandateId,
        usageKey: claim.key,
        maxAmountMinor: claim.maxAmountMinor?.toString() ?? null,
        maxPayments: claim.maxPayments,
        amountMinor: amountMinor.toString(),
        paymentId,
      },
      db,
    );
    if (counted.length === 0) return claim.index;
  }
  return -1;
}

/**
 * Counts a failed payment again in the periods it was counted in before it failed (a retry is
 * the same payment, in the same periods). Returns the usage key of a period now full, or null
 * when every period took it back; on a full period the caller's transaction must roll back.
 */
export async function reclaimUsage(db: Queryable, paymentId: string, amountMinor: bigint): Promise<string | null> {
  const periods = await reclaimUsageQuery.run({ paymentId, amountMinor: amountMinor.toString() }, db);
  return periods.find((p) => !p.taken)?.usage_key ?? null;
}

/** What the mandate's periods `keys` have used (absent keys have used nothing). */
export async function usageOf(
  db: Queryable,
  mandateId: string,
  keys: string[],
): Promise<Map<string, { amountMinor: bigint; payments: number }>> {
  const found = await usageOfQuery.run({ mandateId, keys }, db);
  return new Map(found.map((r) => [r.usage_key, { amountMinor: BigInt(r.amount_minor), payments: r.payments }]));
}
