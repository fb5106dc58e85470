/**
 * Periodic limits' usage: one counter row per (mandate, limit period) carrying the limit's caps,
 * which CHECK constraints hold, and one row per (payment, period) it is counted in. Claims take
 * the counter row's lock, so concurrent payments of a mandate are counted one after the other
 * and never past a cap.
 */
import { rows, type Queryable } from '@vrp/sql';
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
    const counted = await rows(
      db,
      `WITH counted AS (
         INSERT INTO payment.period_usage AS u (mandate_id, usage_key, max_amount_minor, max_payments, amount_minor, payments)
         VALUES ($1, $2, $3::bigint, $4::int, $5::bigint, 1)
         ON CONFLICT (mandate_id, usage_key) DO UPDATE
           SET amount_minor = u.amount_minor + EXCLUDED.amount_minor, payments = u.payments + 1
         WHERE (u.max_amount_minor IS NULL OR u.amount_minor + EXCLUDED.amount_minor <= u.max_amount_minor)
           AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)
         RETURNING 1)
       INSERT INTO payment.payment_usage (payment_id, mandate_id, usage_key) SELECT $6, $1, $2 FROM counted RETURNING 1`,
      [mandateId, claim.key, claim.maxAmountMinor?.toString() ?? null, claim.maxPayments, amountMinor.toString(), paymentId],
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
  const periods = await rows<{ usage_key: string; taken: boolean }>(
    db,
    `WITH released AS (
       SELECT mandate_id, usage_key FROM payment.payment_usage WHERE payment_id = $1 AND NOT counted FOR UPDATE),
     taken AS (
       UPDATE payment.period_usage u SET amount_minor = u.amount_minor + $2::bigint, payments = u.payments + 1
         FROM released r
        WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key
          AND (u.max_amount_minor IS NULL OR u.amount_minor + $2::bigint <= u.max_amount_minor)
          AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)
       RETURNING u.usage_key),
     recounted AS (
       UPDATE payment.payment_usage p SET counted = true FROM taken t WHERE p.payment_id = $1 AND p.usage_key = t.usage_key)
     SELECT r.usage_key, t.usage_key IS NOT NULL AS taken FROM released r LEFT JOIN taken t ON t.usage_key = r.usage_key`,
    [paymentId, amountMinor.toString()],
  );
  return periods.find((p) => !p.taken)?.usage_key ?? null;
}

/**
 * The statement part that gives the periods of payments that failed back: writable CTEs over the
 * decided rows (`decided`, with columns id, amount_minor and the new status). Payments of one
 * mandate counted in the same period are given back together, so each counter changes once.
 */
export function releaseOnFailureCte(): string {
  return `released AS (
       UPDATE payment.payment_usage pu SET counted = false FROM decided
        WHERE pu.payment_id = decided.id AND decided.status = 'failed' AND pu.counted
       RETURNING pu.mandate_id, pu.usage_key, decided.amount_minor),
     given_back AS (
       UPDATE payment.period_usage u SET amount_minor = u.amount_minor - r.amount_minor, payments = u.payments - r.payments
         FROM (SELECT mandate_id, usage_key, sum(amount_minor) AS amount_minor, count(*)::int AS payments FROM released GROUP BY 1, 2) r
        WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key)`;
}

/** What the mandate's periods `keys` have used (absent keys have used nothing). */
export async function usageOf(
  db: Queryable,
  mandateId: string,
  keys: string[],
): Promise<Map<string, { amountMinor: bigint; payments: number }>> {
  const found = await rows<{ usage_key: string; amount_minor: string; payments: number }>(
    db,
    `SELECT usage_key, amount_minor::text AS amount_minor, payments FROM payment.period_usage WHERE mandate_id = $1 AND usage_key = ANY($2::text[])`,
    [mandateId, keys],
  );
  return new Map(found.map((r) => [r.usage_key, { amountMinor: BigInt(r.amount_minor), payments: r.payments }]));
}
