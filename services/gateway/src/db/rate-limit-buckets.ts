import { createPool, rows, type SqlPool } from '@vrp/sql';
import type { TokenGrant } from '../domain/token-bucket.js';

/**
 * Takes tokens from a merchant's bucket and returns what is left, in one statement: the row is
 * refilled for the time since its last take (at most to the burst) and hands out a tenth of
 * what it holds, at least one and at most MAX_LEASE, or nothing when it holds no whole token. A full
 * bucket of 200 gives a replica 10 at once, which it spends in memory; a bucket near empty
 * gives one at a time, so the limit is exact where it matters. The row is locked for the
 * statement only, so replicas taking at once queue on it and no token is given twice. The
 * first take of a merchant starts a full bucket.
 */
const MAX_LEASE = 10;
const GRANT = (refilled: string) =>
  `CASE WHEN ${refilled} < 1 THEN 0 ELSE LEAST(${MAX_LEASE}, GREATEST(1, floor(${refilled} / 10)))::int END`;
const TAKE = `
INSERT INTO gateway.rate_limit_buckets AS b (merchant_id, tokens, updated_ms, granted)
VALUES ($1, $3::float8 - ${GRANT('$3::float8')}, $4, ${GRANT('$3::float8')})
ON CONFLICT (merchant_id) DO UPDATE SET
  (tokens, granted) = (
    SELECT refilled - lease, lease
    FROM (SELECT refilled, ${GRANT('refilled')} AS lease
            FROM (SELECT LEAST($3::float8, b.tokens + GREATEST(0, $4::bigint - b.updated_ms) * $2::float8 / 1000) AS refilled) AS refill) AS g
  ),
  updated_ms = GREATEST(b.updated_ms, $4::bigint)
RETURNING tokens, granted`;

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

  /** Takes tokens for `merchantId` at `nowMs` (the gateways' clock): one, a lease of a few, or none. */
  async take(merchantId: string, nowMs: number): Promise<TokenGrant> {
    const [row] = await rows<{ tokens: number; granted: number }>(this.pool, TAKE, [merchantId, this.rps, this.burst, Math.floor(nowMs)]);
    return { granted: row!.granted, tokensLeft: row!.tokens };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
