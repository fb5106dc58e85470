/** Outcome of asking the bucket for one request. */
export interface BucketVerdict {
  allowed: boolean;
  /** The bucket size (RateLimit-Limit). */
  limit: number;
  /** Whole tokens left after this request (RateLimit-Remaining). */
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  resetSeconds: number;
  /** Seconds until one token is available; only meaningful when refused (Retry-After). */
  retryAfterSeconds: number;
}

/** Tokens handed to a replica by one take, and what the shared bucket holds after it. */
export interface TokenGrant {
  /** 0 when the bucket had no whole token (the request is refused). */
  granted: number;
  /** Tokens left in the shared bucket (fractional: it refills continuously). */
  tokensLeft: number;
}

/** The verdict and headers of a request, from the tokens its bucket holds after it. */
export function bucketVerdict(allowed: boolean, tokensLeft: number, rps: number, burst: number): BucketVerdict {
  return {
    allowed,
    limit: burst,
    remaining: Math.max(0, Math.floor(tokensLeft)),
    resetSeconds: Math.max(0, Math.ceil((burst - tokensLeft) / rps)),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokensLeft) / rps)),
  };
}

/**
 * A token bucket: `burst` tokens, refilled continuously at `rps` per second. Pure (the clock
 * is passed in) so its arithmetic is tested without waiting.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly rps: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  /** Takes one token if there is one. */
  take(now: number): BucketVerdict {
    this.refill(now);
    const allowed = this.tokens >= 1;
    if (allowed) this.tokens -= 1;
    return bucketVerdict(allowed, this.tokens, this.rps, this.burst);
  }

  /** Whether a token is there, taking none (Retry-After says when one will be when none is). */
  peek(now: number): BucketVerdict {
    this.refill(now);
    const allowed = this.tokens >= 1;
    return bucketVerdict(allowed, this.tokens, this.rps, this.burst);
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.rps);
    this.updatedAt = now;
  }

  /** True when the bucket has refilled completely, so forgetting it changes nothing. */
  isFull(now: number): boolean {
    return this.tokens + ((now - this.updatedAt) / 1000) * this.rps >= this.burst;
  }
}
