import type { RequestHandler } from 'express';
import { ApiError } from '@vrp/errors';
import { bucketVerdict, type BucketVerdict, type TokenGrant } from '../domain/token-bucket.js';
import { KeyedBuckets } from './keyed-buckets.js';
import { merchantOf } from './locals.js';

/** Where the buckets live: the database, shared by every gateway replica. */
export interface BucketStore {
  /** Takes one token or a small lease of them for the merchant (none when its bucket is empty). */
  take(merchantId: string, nowMs: number): Promise<TokenGrant>;
}

/** How long a replica may spend tokens leased from the shared bucket; what is left then is dropped. */
export const LEASE_MS = 1000;

/** Tokens a replica holds for a merchant, taken from the shared bucket at `takenAt`. */
interface Lease {
  tokens: number;
  /** What the shared bucket held after the take (for RateLimit-Remaining). */
  sharedLeft: number;
  takenAt: number;
}

/** Whether the lease may still be spent at `now` (a clock that went back ends it too). */
function isCurrent(lease: Lease, now: number): boolean {
  return now >= lease.takenAt && now - lease.takenAt < LEASE_MS;
}

/**
 * A merchant's rate limit across every gateway replica: tokens come from the merchant's bucket
 * in the shared store (one statement), so the limit and the RateLimit-* headers are the
 * merchant's, whichever replica answers. While the bucket is well stocked a take hands this
 * replica a few tokens at once, which its next requests spend without a statement for up to
 * LEASE_MS; near empty, one at a time. Should the store fail, the replica counts on its own
 * until it answers again.
 */
export class RateLimiter {
  private readonly local: KeyedBuckets;
  private readonly leases = new Map<string, Lease>();
  /** The take on the shared store under way for a merchant: whether the store answered (never rejects). */
  private readonly taking = new Map<string, Promise<boolean>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly store: BucketStore,
    private readonly rps: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly onStoreError: (err: unknown) => void = () => undefined,
  ) {
    // Per-merchant buckets in memory, this process's own count: the fallback while the shared store
    // does not answer (a merchant then gets up to its limit per replica, not zero).
    this.local = new KeyedBuckets(rps, burst);
    // A lease past its time is dropped when next used; this forgets those of merchants gone quiet.
    this.sweeper = setInterval(() => this.sweepLeases(this.now()), 60_000).unref();
  }

  async take(merchantId: string): Promise<BucketVerdict> {
    // Requests that find no token held wait for a take already under way for the merchant and
    // spend its lease: concurrent requests make one statement, not one each (whose leases would
    // overwrite each other, dropping tokens taken from the merchant's bucket).
    // A take that failed sends its waiters to the local count at once, not to the store one by one.
    for (let inFlight = this.taking.get(merchantId); inFlight; inFlight = this.taking.get(merchantId)) {
      const held = this.spendLeased(merchantId, this.now());
      if (held) return held;
      if (!(await inFlight)) return this.local.take(merchantId, this.now());
    }
    const now = this.now();
    const held = this.spendLeased(merchantId, now);
    if (held) return held;
    const taking = this.takeShared(merchantId, now);
    const answered = taking.then(({ answered }) => answered);
    this.taking.set(merchantId, answered);
    try {
      return (await taking).verdict;
    } finally {
      if (this.taking.get(merchantId) === answered) this.taking.delete(merchantId);
    }
  }

  /**
   * One statement on the shared bucket; a lease of more than one token is kept for the next
   * requests. Never rejects: when the store fails, the local count answers (`answered` false).
   */
  private async takeShared(merchantId: string, now: number): Promise<{ verdict: BucketVerdict; answered: boolean }> {
    try {
      const { granted, tokensLeft } = await this.store.take(merchantId, now);
      if (granted > 1) this.leases.set(merchantId, { tokens: granted - 1, sharedLeft: tokensLeft, takenAt: now });
      return { verdict: bucketVerdict(granted > 0, tokensLeft + Math.max(0, granted - 1), this.rps, this.burst), answered: true };
    } catch (err) {
      this.onStoreError(err);
      return { verdict: this.local.take(merchantId, now), answered: false };
    }
  }

  stop(): void {
    clearInterval(this.sweeper);
    this.local.stop();
    this.leases.clear();
  }

  private sweepLeases(now: number): void {
    for (const [id, lease] of this.leases) if (!isCurrent(lease, now)) this.leases.delete(id);
  }

  /** Spends a token this replica holds for the merchant, if its lease has one and is still current. */
  private spendLeased(merchantId: string, now: number): BucketVerdict | undefined {
    const lease = this.leases.get(merchantId);
    if (!lease) return undefined;
    if (!isCurrent(lease, now)) {
      this.leases.delete(merchantId);
      return undefined;
    }
    lease.tokens -= 1;
    if (lease.tokens === 0) this.leases.delete(merchantId);
    return bucketVerdict(true, lease.sharedLeft + lease.tokens, this.rps, this.burst);
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
