import { describe, expect, it } from 'vitest';
import { isoWeek, periodKey } from './period.js';

describe('periodKey', () => {
  const at = new Date('2026-11-21T23:59:59.999Z');

  it('keys daily, weekly and monthly periods in UTC, and adhoc not at all', () => {
    expect(periodKey('daily', at)).toBe('day:2026-11-21');
    expect(periodKey('weekly', at)).toBe('week:2026-W47');
    expect(periodKey('monthly', at)).toBe('month:2026-11');
    expect(periodKey('adhoc', at)).toBeNull();
  });

  it('changes day at UTC midnight, not local midnight', () => {
    expect(periodKey('daily', new Date('2026-11-22T00:00:00.000Z'))).toBe('day:2026-11-22');
  });

  it('puts the ISO week across a year boundary in the year of its Thursday', () => {
    expect(isoWeek(new Date('2026-12-31T12:00:00Z'))).toEqual({ year: 2026, week: 53 });
    expect(isoWeek(new Date('2027-01-03T12:00:00Z'))).toEqual({ year: 2026, week: 53 });
    expect(isoWeek(new Date('2027-01-04T00:00:00Z'))).toEqual({ year: 2027, week: 1 });
    expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toEqual({ year: 2025, week: 1 });
  });

  it('starts a week on Monday', () => {
    expect(periodKey('weekly', new Date('2026-11-22T23:00:00Z'))).toBe('week:2026-W47'); // Sunday
    expect(periodKey('weekly', new Date('2026-11-23T00:00:00Z'))).toBe('week:2026-W48'); // Monday
  });
});
