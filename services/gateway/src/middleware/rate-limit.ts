import type { RequestHandler } from 'express';
import { ApiError } from '@vrp/errors';
import { TokenBucket } from '../domain/token-bucket.js';
import { merchantOf } from './locals.js';

/**
 * Per-merchant token buckets, in memory. Each gateway instance counts on its own, so with N
 * instances behind a balancer a merchant's effective limit is up to N times the setting
 * (documented in the OpenAPI description); a shared store would be needed for a global limit.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly rps: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    // Full buckets carry no information: forgetting them keeps memory bounded by active merchants.
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  take(merchantId: string) {
    const now = this.now();
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

  private sweep(): void {
    const now = this.now();
    for (const [id, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(id);
  }
}

/** Sets RateLimit-* on every authenticated response and refuses with 429 rate_limited when empty. */
export function rateLimit(limiter: RateLimiter): RequestHandler {
  return (_req, res, next) => {
    const verdict = limiter.take(merchantOf(res).id);
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
