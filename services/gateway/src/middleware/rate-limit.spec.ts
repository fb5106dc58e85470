import { describe, expect, it } from 'vitest';
import { bucketVerdict } from '../domain/token-bucket.js';
import { RateLimiter, type BucketStore } from './rate-limit.js';

describe('RateLimiter', () => {
  it('answers with the shared store’s verdict while it answers', async () => {
    const store: BucketStore = { take: async () => bucketVerdict(false, 0.5, 1, 3) };
    const limiter = new RateLimiter(store, 1, 3, () => 0);
    try {
      expect(await limiter.take('MR1')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
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
