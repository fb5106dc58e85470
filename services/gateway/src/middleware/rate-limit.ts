import type { RequestHandler } from 'express';
import { ApiError } from '@vrp/errors';
import { TokenBucket, type BucketVerdict } from '../domain/token-bucket.js';
import { merchantOf } from './locals.js';

/** Where the buckets live: the database, shared by every gateway replica. */
export interface BucketStore {
  take(merchantId: string, nowMs: number): Promise<BucketVerdict>;
}

/**
 * Per-merchant token buckets in memory, one process's own count: the fallback while the shared
 * store does not answer (a merchant then gets up to its limit per replica, not zero).
 */
export class LocalBuckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly rps: number,
    private readonly burst: number,
  ) {
    // Full buckets carry no information: forgetting them keeps memory bounded by active merchants.
    this.sweeper = setInterval(() => this.sweep(Date.now()), 60_000).unref();
  }

  take(merchantId: string, now: number): BucketVerdict {
    let bucket = this.buckets.get(merchantId);
    if (!bucket) {
      bucket = new TokenBucket(this.rps, this.burst, now);
      this.buckets.set(merchantId, bucket);
    }
    return bucket.take(now);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  private sweep(now: number): void {
    for (const [id, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(id);
  }
}

/**
 * A merchant's rate limit across every gateway replica: each request takes its token from the
 * merchant's bucket in the shared store (one statement), so the limit and the RateLimit-*
 * headers are the merchant's, whichever replica answers. Should the store fail, the replica
 * counts on its own until it answers again.
 */
export class RateLimiter {
  private readonly local: LocalBuckets;

  constructor(
    private readonly store: BucketStore,
    rps: number,
    burst: number,
    private readonly now: () => number = Date.now,
    private readonly onStoreError: (err: unknown) => void = () => undefined,
  ) {
    this.local = new LocalBuckets(rps, burst);
  }

  async take(merchantId: string): Promise<BucketVerdict> {
    const now = this.now();
    try {
      return await this.store.take(merchantId, now);
    } catch (err) {
      this.onStoreError(err);
      return this.local.take(merchantId, now);
    }
  }

  stop(): void {
    this.local.stop();
  }
}

/** Sets RateLimit-* on every authenticated response and refuses with 429 rate_limited when empty. */
export function rateLimit(limiter: RateLimiter): RequestHandler {
  return async (_req, res, next) => {
    const verdict = await limiter.take(merchantOf(res).id);
    res.set({
      'RateLimit-Limit': String(verdict.limit),
      'RateLimit-Remaining': String(verdict.remaining),
      'RateLimit-Reset': String(verdict.resetSeconds),
    });
    if (!verdict.allowed) {
      return next(
        new ApiError('rate_limited', 'Too many requests; retry after the time in Retry-After.', { retryAfter: verdict.retryAfterSeconds }),
      );
    }
    next();
  };
}
