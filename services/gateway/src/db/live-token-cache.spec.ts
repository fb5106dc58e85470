import { describe, expect, it } from 'vitest';
import { LiveTokenCache } from './live-token-cache.js';

const merchant = { id: 'MR1', name: 'M', payoutCurrency: 'GBP', createdAt: new Date(0) };

/** A repository whose answers the test decides, counting the queries it receives. */
function repository() {
  const repo = {
    queries: 0,
    answer: { id: 'TK1', environment: 'sandbox', merchant } as { id: string; environment: string; merchant: typeof merchant } | null,
    fail: false,
    async findLiveToken() {
      repo.queries++;
      if (repo.fail) throw new Error('database down');
      return repo.answer;
    },
  };
  return repo;
}

describe('LiveTokenCache', () => {
  it('reuses an answer for less than the TTL, then asks again (so a revocation shows within it)', async () => {
    const repo = repository();
    let now = 0;
    const cache = new LiveTokenCache(repo, 1000, () => now);
    expect(await cache.findLiveToken('h')).toMatchObject({ merchant });
    now = 999;
    expect(await cache.findLiveToken('h')).toMatchObject({ merchant });
    expect(repo.queries).toBe(1);
    repo.answer = null; // revoked
    now = 1000;
    expect(await cache.findLiveToken('h')).toBeNull();
    expect(repo.queries).toBe(2);
  });

  it('lets concurrent requests with one token share one query, and keeps tokens apart', async () => {
    const repo = repository();
    const cache = new LiveTokenCache(repo, 1000, () => 0);
    await Promise.all([cache.findLiveToken('a'), cache.findLiveToken('a'), cache.findLiveToken('a'), cache.findLiveToken('b')]);
    expect(repo.queries).toBe(2);
  });

  it('does not keep a failed query', async () => {
    const repo = repository();
    const cache = new LiveTokenCache(repo, 1000, () => 0);
    repo.fail = true;
    await expect(cache.findLiveToken('h')).rejects.toThrow('database down');
    repo.fail = false;
    expect(await cache.findLiveToken('h')).toMatchObject({ merchant });
    expect(repo.queries).toBe(2);
  });

  it('asks every time with a TTL of 0', async () => {
    const repo = repository();
    const cache = new LiveTokenCache(repo, 0, () => 0);
    await cache.findLiveToken('h');
    await cache.findLiveToken('h');
    expect(repo.queries).toBe(2);
  });
});
