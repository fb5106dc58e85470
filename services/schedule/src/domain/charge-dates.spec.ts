import { describe, expect, it } from 'vitest';
import { chargeDateOf, seqOfChargeDate, type IntervalRule } from './charge-dates.js';

const rule = (r: Partial<IntervalRule>): IntervalRule => ({
  unit: 'month',
  interval: 1,
  dayOfMonth: null,
  startDate: '2026-01-31',
  endDate: null,
  count: null,
  ...r,
});
const dates = (r: IntervalRule, n: number) => Array.from({ length: n }, (_, i) => chargeDateOf(r, i));

describe('chargeDateOf', () => {
  it('keeps the start day each month, clamped to short months', () => {
    expect(dates(rule({}), 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('falls on day_of_month, the first on or after the start, and -1 is the last day', () => {
    expect(dates(rule({ dayOfMonth: 15, startDate: '2026-01-20' }), 2)).toEqual(['2026-02-15', '2026-03-15']);
    expect(dates(rule({ dayOfMonth: -1, startDate: '2024-02-01' }), 2)).toEqual(['2024-02-29', '2024-03-31']);
  });

  it('steps days, weeks and years by the interval', () => {
    expect(dates(rule({ unit: 'day', interval: 3, startDate: '2026-12-30' }), 2)).toEqual(['2026-12-30', '2027-01-02']);
    expect(dates(rule({ unit: 'week', interval: 2, startDate: '2026-01-01' }), 2)).toEqual(['2026-01-01', '2026-01-15']);
    expect(dates(rule({ unit: 'year', startDate: '2024-02-29' }), 2)).toEqual(['2024-02-29', '2025-02-28']);
  });

  it('ends after count cycles or past end_date', () => {
    expect(dates(rule({ count: 2, startDate: '2026-01-01' }), 3)).toEqual(['2026-01-01', '2026-02-01', null]);
    expect(dates(rule({ endDate: '2026-02-15', startDate: '2026-01-01' }), 3)).toEqual(['2026-01-01', '2026-02-01', null]);
  });

  it('finds which cycle a date is, and none for a date off the rule', () => {
    expect(seqOfChargeDate(rule({ startDate: '2026-01-05' }), '2026-04-05')).toBe(3);
    expect(seqOfChargeDate(rule({ startDate: '2026-01-05' }), '2026-04-06')).toBeNull();
  });
});
