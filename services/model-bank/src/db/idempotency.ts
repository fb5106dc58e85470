import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import {
  claimKey as claimKeyQuery,
  dropExpiredKeys as dropExpiredKeysQuery,
  heldKey as heldKeyQuery,
} from '../generated/sql/idempotency.queries.js';
import type { Tx } from './tx.js';

/** What claiming an x-idempotency-key found. */
export type KeyClaim = { fresh: true } | { fresh: false; bodyHash: string; resourceId: string };

/**
 * Claims `key` for the client's `operation` with the body's hash and the id the new resource will
 * have, inside the transaction that creates it: a second request with the same key waits for the
 * first to commit and then finds its resource (or, when the first rolled back, claims the key
 * itself). A key older than 24 hours is claimed afresh.
 */
async function claimKey(
  db: Queryable,
  claim: { clientId: string; operation: string; key: string; bodyHash: string; resourceId: string },
): Promise<KeyClaim> {
  const claimed = await claimKeyQuery.run(claim, db);
  if (claimed.length) return { fresh: true };
  const [held] = await heldKeyQuery.run(claim, db);
  return { fresh: false, bodyHash: held!.bodyHash, resourceId: held!.resourceId };
}

/**
 * One transaction that creates a resource at most once per key: it first claims `claim.key`
 * (see claimKey), then `work` creates the resource, or finds the one the key already names, on
 * the same transaction, which commits when `work` resolves and rolls back (giving the key up) when
 * it throws.
 */
export function withClaimedKey<T>(
  pool: SqlPool,
  claim: { clientId: string; operation: string; key: string; bodyHash: string; resourceId: string },
  work: (tx: Tx, claim: KeyClaim) => Promise<T>,
): Promise<T> {
  return transaction(pool, async (tx) => work(tx, await claimKey(tx, claim)));
}

/** Drops keys past their 24 hours. */
export async function dropExpiredKeys(db: Queryable): Promise<number> {
  return (await dropExpiredKeysQuery.runWithCounts(undefined, db)).rowCount;
}
