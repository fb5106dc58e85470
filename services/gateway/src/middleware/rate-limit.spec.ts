import { describe, expect, it } from 'vitest';
import type { TokenGrant } from '../domain/token-bucket.js';
import { LEASE_MS, RateLimiter, type BucketStore } from './rate-limit.js';

/** A store that hands out the grants given, in order, and counts its takes. */
function scriptedStore(...grants: TokenGrant[]): BucketStore & { takes: number } {
  const store = {
    takes: 0,
    take: async () => grants[store.takes++] ?? { granted: 0, tokensLeft: 0 },
  };
  return store;
}

describe('RateLimiter', () => {
  it('answers with the shared store’s verdict while it answers', async () => {
    const limiter = new RateLimiter(scriptedStore({ granted: 0, tokensLeft: 0.5 }), 1, 3, () => 0);
    try {
      expect(await limiter.take('MR1')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    } finally {
      limiter.stop();
    }
  });

  it('spends a lease of tokens without asking the store again, and counts them in RateLimit-Remaining', async () => {
    const store = scriptedStore({ granted: 10, tokensLeft: 190 }, { granted: 1, tokensLeft: 185 });
    const limiter = new RateLimiter(store, 100, 200, () => 5_000);
    try {
      const verdicts = [];
      for (let i = 0; i < 11; i++) verdicts.push(await limiter.take('MR1'));
      expect(verdicts.every((v) => v.allowed)).toBe(true);
      expect(verdicts.slice(0, 10).map((v) => v.remaining)).toEqual([199, 198, 197, 196, 195, 194, 193, 192, 191, 190]);
      expect(store.takes).toBe(2);
      expect(verdicts[10]!.remaining).toBe(185);
    } finally {
      limiter.stop();
    }
  });

  it('makes one take for requests that arrive together, which share its lease', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const store = {
      takes: 0,
      take: async () => {
        store.takes++;
        await gate;
        return store.takes === 1 ? { granted: 5, tokensLeft: 95 } : { granted: 1, tokensLeft: 94 };
      },
    };
    const limiter = new RateLimiter(store, 100, 200, () => 5_000);
    try {
      const verdicts = Array.from({ length: 6 }, () => limiter.take('MR1'));
      release();
      const answered = await Promise.all(verdicts);
      expect(answered.every((v) => v.allowed)).toBe(true);
      // Five from the lease of the first take, the sixth from a take of its own after it.
      expect(store.takes).toBe(2);
      expect(answered.map((v) => v.remaining).sort((a, b) => b - a)).toEqual([99, 98, 97, 96, 95, 94]);
    } finally {
      limiter.stop();
    }
  });

  it('lets each request that waited on a refusal ask the store itself', async () => {
    const store = scriptedStore({ granted: 0, tokensLeft: 0.2 }, { granted: 1, tokensLeft: 0.1 }, { granted: 0, tokensLeft: 0.3 });
    const limiter = new RateLimiter(store, 1, 10, () => 5_000);
    try {
      const answered = await Promise.all([limiter.take('MR1'), limiter.take('MR1'), limiter.take('MR1')]);
      expect(answered.map((v) => v.allowed)).toEqual([false, true, false]);
      expect(store.takes).toBe(3);
    } finally {
      limiter.stop();
    }
  });

  it('answers the requests that waited on a failed take from the local count, without asking the store again', async () => {
    const store = {
      takes: 0,
      take: async () => {
        store.takes++;
        await new Promise((r) => setTimeout(r, 5));
        throw new Error('the database is down');
      },
    };
    const errors: unknown[] = [];
    const limiter = new RateLimiter(
      store,
      1,
      3,
      () => 5_000,
      (err) => errors.push(err),
    );
    try {
      const answered = await Promise.all(Array.from({ length: 4 }, () => limiter.take('MR1')));
      expect(store.takes).toBe(1);
      expect(errors).toHaveLength(1);
      // The local bucket holds the burst of 3: the fourth request is refused.
      expect(answered.map((v) => v.allowed)).toEqual([true, true, true, false]);
    } finally {
      limiter.stop();
    }
  });

  it('keeps a lease to its merchant and drops what is left of it after LEASE_MS', async () => {
    let now = 5_000;
    const store = scriptedStore({ granted: 5, tokensLeft: 40 }, { granted: 1, tokensLeft: 41 }, { granted: 0, tokensLeft: 0.2 });
    const limiter = new RateLimiter(store, 10, 50, () => now);
    try {
      expect((await limiter.take('MR1')).allowed).toBe(true);
      expect((await limiter.take('MR2')).remaining).toBe(41);
      expect(store.takes).toBe(2);
      now += LEASE_MS;
      // MR1 still held 4 tokens, but their time is over: the store decides, and it has none.
      expect(await limiter.take('MR1')).toMatchObject({ allowed: false, remaining: 0 });
      expect(store.takes).toBe(3);
    } finally {
      limiter.stop();
    }
  });

  it('counts on its own, and says why, while the store does not answer', async () => {
    const failures: unknown[] = [];
    const store: BucketStore = { take: () => Promise.reject(new Error('connection refused')) };
    const limiter = new RateLimiter(
      store,
      1,
      2,
      () => 0,
      (err) => failures.push(err),
    );
    try {
      const verdicts = [await limiter.take('MR1'), await limiter.take('MR1'), await limiter.take('MR1')];
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false]);
      expect(failures).toHaveLength(3);
    } finally {
      limiter.stop();
    }
  });
});
