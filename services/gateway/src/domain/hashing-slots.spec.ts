import { isApiError } from '@vrp/errors';
import { describe, expect, it } from 'vitest';
import { HashingSlots } from './hashing-slots.js';
import { SCRYPT_LOG_N } from './password.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('HashingSlots', () => {
  it('runs at most `concurrency` at once; a waiter gets the next free slot', async () => {
    const slots = new HashingSlots(2, 1000);
    let running = 0;
    let most = 0;
    const work = () =>
      slots.run(async () => {
        most = Math.max(most, ++running);
        await sleep(20);
        running--;
        return 'done';
      });
    expect(await Promise.all(Array.from({ length: 6 }, work))).toEqual(Array(6).fill('done'));
    expect(most).toBe(2);
  });

  it('refuses with 429 rate_limited and Retry-After what waited too long, or found too many waiting', async () => {
    const slots = new HashingSlots(1, 30, SCRYPT_LOG_N, 1);
    const long = slots.run(() => sleep(200));
    const waited = slots.run(async () => 'never');
    const crowded = slots.run(async () => 'never');
    for (const refused of [await crowded.catch((e: unknown) => e), await waited.catch((e: unknown) => e)]) {
      expect(isApiError(refused) && [refused.code, refused.retryAfter]).toEqual(['rate_limited', 1]);
    }
    await long;
    expect(await slots.run(async () => 'free again')).toBe('free again');
  });
});
