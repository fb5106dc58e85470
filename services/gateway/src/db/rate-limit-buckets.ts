import { createPool, rows, type SqlPool } from '@vrp/sql';
import { bucketVerdict, type BucketVerdict } from '../domain/token-bucket.js';

/**
 * Takes one token from a merchant's bucket and returns what is left, in one statement: the row
 * is refilled for the time since its last request (at most to the burst), given a token when it
 * has one, and locked for the statement only, so replicas taking tokens at once queue on it and
 * none is counted twice. The first request of a merchant starts a full bucket.
 */
const TAKE = `
INSERT INTO gateway.rate_limit_buckets AS b (merchant_id, tokens, updated_ms, allowed)
VALUES ($1, $3::float8 - 1, $4, true)
ON CONFLICT (merchant_id) DO UPDATE SET
  (tokens, allowed) = (
    SELECT refilled - (refilled >= 1)::int, refilled >= 1
    FROM (SELECT LEAST($3::float8, b.tokens + GREATEST(0, $4::bigint - b.updated_ms) * $2::float8 / 1000) AS refilled) AS refill
  ),
  updated_ms = GREATEST(b.updated_ms, $4::bigint)
RETURNING tokens, allowed`;

/** Per-merchant token buckets in the gateway's schema, shared by every gateway replica on the database. */
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

  /** Takes one token for `merchantId` at `nowMs` (the gateways' clock). */
  async take(merchantId: string, nowMs: number): Promise<BucketVerdict> {
    const [row] = await rows<{ tokens: number; allowed: boolean }>(this.pool, TAKE, [merchantId, this.rps, this.burst, Math.floor(nowMs)]);
    return bucketVerdict(row!.allowed, row!.tokens, this.rps, this.burst);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
