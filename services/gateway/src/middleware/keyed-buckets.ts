import { TokenBucket, type BucketVerdict } from '../domain/token-bucket.js';

/** Buckets kept at most; beyond it the least recently created go first (a flood of new keys cannot exhaust memory). */
const MAX_KEYS = 100_000;

/**
 * Token buckets in this process's memory, one per key (a merchant, a client address): no
 * database round trip, so a limit checked with them costs nothing. Full buckets carry no
 * information and are forgotten every minute; at most `maxKeys` are kept. stop() ends the sweeper.
 */
export class KeyedBuckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly rps: number,
    private readonly burst: number,
    private readonly maxKeys = MAX_KEYS,
  ) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), 60_000).unref();
  }

  /** Takes one token from the key's bucket, if it has one. */
  take(key: string, now: number): BucketVerdict {
    return this.bucketOf(key, now).take(now);
  }

  /** Whether the key's bucket has a token, taking none. */
  peek(key: string, now: number): BucketVerdict {
    return (
      this.buckets.get(key)?.peek(now) ?? { allowed: true, limit: this.burst, remaining: this.burst, resetSeconds: 0, retryAfterSeconds: 0 }
    );
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  private bucketOf(key: string, now: number): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.rps, this.burst, now);
      this.buckets.set(key, bucket);
      if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    }
    return bucket;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
  }
}
