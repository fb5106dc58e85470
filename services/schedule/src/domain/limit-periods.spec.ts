import { describe, expect, it } from 'vitest';
import { nextFrequencyPeriod, refusedLimitIndex } from './limit-periods.js';

describe('nextFrequencyPeriod', () => {
  const now = new Date('2026-11-27T15:00:00Z'); // a Friday
  it('is the next UTC day, ISO week (Monday) or calendar month', () => {
    expect(nextFrequencyPeriod('daily', now)?.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(nextFrequencyPeriod('weekly', now)?.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextFrequencyPeriod('monthly', now)?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextFrequencyPeriod('monthly', new Date('2026-12-31T23:59:59Z'))?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextFrequencyPeriod('adhoc', now)).toBeNull();
  });
});

describe('refusedLimitIndex', () => {
  it('reads the limit a refusal names', () => {
    expect(refusedLimitIndex([{ param: 'controls.periodic_limits[2]' }])).toBe(2);
    expect(refusedLimitIndex([{ param: 'amount' }])).toBeNull();
    expect(refusedLimitIndex(undefined)).toBeNull();
  });
});
