import { describe, expect, it } from 'vitest';
import { backoffMs, signInWaitMs } from './sign-in-throttle.js';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const WINDOW = 15 * 60_000;

describe('sign-in backoff', () => {
  it('weighs the free attempts at once, then waits 1 s after the last failure, doubling up to the window', () => {
    expect(backoffMs({ count: 4, lastAt: at(0) }, 5, 1000, WINDOW, at(0))).toBe(0);
    expect(backoffMs({ count: 5, lastAt: at(0) }, 5, 1000, WINDOW, at(0))).toBe(1000);
    expect(backoffMs({ count: 5, lastAt: at(0) }, 5, 1000, WINDOW, at(400))).toBe(600);
    expect(backoffMs({ count: 5, lastAt: at(0) }, 5, 1000, WINDOW, at(1000))).toBe(0);
    expect(backoffMs({ count: 8, lastAt: at(0) }, 5, 1000, WINDOW, at(0))).toBe(8000);
    expect(backoffMs({ count: 500, lastAt: at(0) }, 5, 1000, WINDOW, at(0))).toBe(WINDOW);
  });

  it('waits for the longer of the pair’s and the address’s backoff; a clean pair waits only for its address', () => {
    const limits = { windowMs: WINDOW, backoffMs: 1000, perAccount: 5, perAddress: 20 };
    const none = { count: 0, lastAt: null };
    expect(signInWaitMs({ count: 6, lastAt: at(0) }, { count: 6, lastAt: at(0) }, limits, at(0))).toBe(2000);
    expect(signInWaitMs(none, { count: 21, lastAt: at(0) }, limits, at(0))).toBe(2000);
    expect(signInWaitMs(none, { count: 19, lastAt: at(0) }, limits, at(0))).toBe(0);
  });
});
