import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst, then refuses with the wait until the next token', () => {
    const bucket = new TokenBucket(2, 3, 0);
    expect([1, 2, 3].map(() => bucket.take(0).allowed)).toEqual([true, true, true]);
    const refused = bucket.take(0);
    expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 1, resetSeconds: 2 });
  });

  it('refills continuously at rps, never above the burst', () => {
    const bucket = new TokenBucket(10, 5, 0);
    for (let i = 0; i < 5; i++) bucket.take(0);
    expect(bucket.take(100).allowed).toBe(true);
    expect(bucket.take(100).allowed).toBe(false);
    expect(bucket.isFull(10_000)).toBe(true);
    expect(bucket.take(10_000).remaining).toBe(4);
  });
});
