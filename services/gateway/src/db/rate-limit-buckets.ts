import { createPool, type SqlPool } from '@vrp/sql';
import { takeTokens } from '../generated/sql/rate-limit-buckets.queries.js';
import type { TokenGrant } from '../domain/token-bucket.js';

/**
 * Takes tokens from a merchant's bucket and returns what is left, in one statement: the row is
 * refilled for the time since its last take (at most to the burst) and hands out a tenth of
 * what it holds, at least one and at most ten, or nothing when it holds no whole token. A full
 * bucket of 200 gives a replica 10 at once, which it spends in memory; a bucket near empty
 * gives one at a time, so the limit is exact where it matters. The row is locked for the
 * statement only, so replicas taking at once queue on it and no token is given twice. The
 * first take of a merchant starts a full bucket. The statement is sql/rate-limit-buckets.sql
 * (TakeTokens); its types are generated from it against the schema.
 *
 * Per-merchant token buckets in the gateway's schema, shared by every gateway replica on the database.
 */
export class SharedRateLimitBuckets {
  private readonly pool: SqlPool;

  constructor(
    databaseUrl: string,
    private readonly rps: number,
    private readonly burst: number,
    options: { max?: number; onError?: (err: Error) => void } = {},
  ) {
    // A bucket is not worth waiting for a disk flush (its table is unlogged anyway): the pool's
    // sessions commit without waiting for the WAL.
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c synchronous_commit=off`.trim());
    this.pool = createPool(url.toString(), { max: options.max ?? 8, ...(options.onError ? { onError: options.onError } : {}) });
  }

  /** Takes tokens for `merchantId` at `nowMs` (the gateways' clock): one, a lease of a few, or none. */
  async take(merchantId: string, nowMs: number): Promise<TokenGrant> {
    const [row] = await takeTokens.run({ merchantId, rps: this.rps, burst: this.burst, nowMs: Math.floor(nowMs) }, this.pool);
    return { granted: row!.granted, tokensLeft: row!.tokens };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
