import { describe, expect, it } from 'vitest';
import { advanceSeconds, aheadOfRealTime } from './clock.js';

describe('advancing the sandbox clock', () => {
  it('turns an amount and a unit into seconds', () => {
    expect(advanceSeconds('90', 'minutes')).toEqual({ seconds: 5400 });
    expect(advanceSeconds(' 2 ', 'days')).toEqual({ seconds: 172_800 });
    expect(advanceSeconds('400', 'days')).toEqual({ seconds: 34_560_000 });
  });

  it('refuses what the API would refuse', () => {
    for (const amount of ['0', '', '1.5', '-3', 'two', '1e3']) expect(advanceSeconds(amount, 'hours')).toHaveProperty('error');
    expect(advanceSeconds('401', 'days')).toEqual({ error: 'One advance moves the clock at most 400 days.' });
    expect(advanceSeconds('9601', 'hours')).toHaveProperty('error');
  });

  it('says how far ahead of real time the clock is', () => {
    const real = Date.parse('2026-11-24T12:00:00Z');
    expect(aheadOfRealTime('2026-11-24T12:00:20Z', real)).toBe('in step with real time');
    expect(aheadOfRealTime('2026-11-24T11:59:00Z', real)).toBe('in step with real time');
    expect(aheadOfRealTime('2026-11-24T12:01:00Z', real)).toBe('1 minute ahead of real time');
    expect(aheadOfRealTime('2026-11-26T15:00:10Z', real)).toBe('2 days 3 hours ahead of real time');
    expect(aheadOfRealTime('2026-11-25T12:05:00Z', real)).toBe('1 day 5 minutes ahead of real time');
    // Read a moment before real time was: two days ahead, not 1 day 23 hours.
    expect(aheadOfRealTime('2026-11-26T11:59:59.950Z', real)).toBe('2 days ahead of real time');
  });
});
