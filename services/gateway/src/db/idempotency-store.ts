import { randomUUID } from 'node:crypto';
import type { SqlPool } from '@vrp/sql';
import {
  claimKey,
  completeKey,
  deleteExpiredKeys,
  releaseKey,
  selectLiveKey,
  type ISelectLiveKeyResult,
} from '../generated/sql/idempotency-store.queries.js';

/** A stored idempotency record as seen by a request that did not win the key. */
export type IdempotencyRecord = ISelectLiveKeyResult;

/** The right to run a request for a key; only the owner may complete or release it. */
export interface IdempotencyClaim {
  merchantId: string;
  key: string;
  owner: string;
}

/**
 * Idempotency records in Postgres. The primary key (merchant_id, key) decides which of
 * concurrent requests runs: INSERT … ON CONFLICT is atomic across every gateway instance.
 */
export class IdempotencyStore {
  constructor(
    private readonly pool: SqlPool,
    private readonly ttlMs: number,
    private readonly lockTimeoutMs: number,
  ) {}

  /**
   * Claims the key for this request, or returns null when another request holds or completed it.
   * An expired record, or an in-flight record of the same request whose lock ran out (its
   * gateway died), is taken over in the same statement.
   */
  async claim(merchantId: string, key: string, method: string, path: string, requestHash: string): Promise<IdempotencyClaim | null> {
    const owner = randomUUID();
    const { rowCount } = await claimKey.runWithCounts(
      { merchantId, key, method, path, requestHash, owner, lockSeconds: this.lockTimeoutMs / 1000, ttlSeconds: this.ttlMs / 1000 },
      this.pool,
    );
    return rowCount === 1 ? { merchantId, key, owner } : null;
  }

  /** The live record of a key, if any. */
  async find(merchantId: string, key: string): Promise<IdempotencyRecord | null> {
    const [row] = await selectLiveKey.run({ merchantId, key, now: new Date() }, this.pool);
    return row ?? null;
  }

  /** Stores the response of the claimed request so duplicates replay it. */
  async complete(claim: IdempotencyClaim, status: number, body: string): Promise<void> {
    await completeKey.run({ merchantId: claim.merchantId, key: claim.key, owner: claim.owner, status, body }, this.pool);
  }

  /** Forgets the claim (a 5xx outcome): the client may retry with the same key. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await releaseKey.run({ merchantId: claim.merchantId, key: claim.key, owner: claim.owner }, this.pool);
  }

  /** Deletes expired records; run periodically so the table stays small. */
  async purgeExpired(): Promise<number> {
    return (await deleteExpiredKeys.runWithCounts({ now: new Date() }, this.pool)).rowCount;
  }
}
