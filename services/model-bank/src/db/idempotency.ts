import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
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
  const claimed = await rows(
    db,
    `INSERT INTO model_bank.idempotency_keys AS k (client_id, operation, key, body_hash, resource_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (client_id, operation, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, resource_id = EXCLUDED.resource_id, created_at = now()
       WHERE k.created_at < now() - interval '24 hours'
     RETURNING resource_id`,
    [claim.clientId, claim.operation, claim.key, claim.bodyHash, claim.resourceId],
  );
  if (claimed.length) return { fresh: true };
  const [held] = await rows<{ body_hash: string; resource_id: string }>(
    db,
    `SELECT body_hash, resource_id FROM model_bank.idempotency_keys WHERE client_id = $1 AND operation = $2 AND key = $3`,
    [claim.clientId, claim.operation, claim.key],
  );
  return { fresh: false, bodyHash: held!.body_hash, resourceId: held!.resource_id };
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
  return (await db.query(`DELETE FROM model_bank.idempotency_keys WHERE created_at < now() - interval '24 hours'`)).rowCount ?? 0;
}
