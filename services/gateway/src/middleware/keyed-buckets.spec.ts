import { describe, expect, it } from 'vitest';
import { KeyedBuckets } from './keyed-buckets.js';

describe('KeyedBuckets', () => {
  it('keeps one bucket per key; peek looks without taking', () => {
    const buckets = new KeyedBuckets(1, 2);
    try {
      expect(buckets.peek('a', 0).allowed).toBe(true);
      expect(buckets.take('a', 0).allowed).toBe(true);
      expect(buckets.take('a', 0).allowed).toBe(true);
      expect(buckets.peek('a', 0)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
      expect(buckets.peek('a', 0).allowed).toBe(false);
      expect(buckets.take('b', 0).allowed).toBe(true);
      expect(buckets.peek('a', 1000).allowed).toBe(true);
    } finally {
      buckets.stop();
    }
  });

  it('keeps at most maxKeys buckets, forgetting the oldest first', () => {
    const buckets = new KeyedBuckets(1, 1, 2);
    try {
      buckets.take('a', 0);
      buckets.take('b', 0);
      buckets.take('c', 0);
      expect(buckets.peek('a', 0).allowed).toBe(true); // forgotten: a fresh bucket
      expect(buckets.peek('b', 0).allowed).toBe(false);
      expect(buckets.peek('c', 0).allowed).toBe(false);
    } finally {
      buckets.stop();
    }
  });
});
