import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWeek } from './period.js';
import { addMonths, effectiveAmountCap, effectivePeriodBounds, periodBounds, type Alignment, type LimitPeriod } from './periodic-limits.js';

const PERIODS: LimitPeriod[] = ['day', 'week', 'fortnight', 'month', 'half_year', 'year'];
const ALIGNMENTS: Alignment[] = ['calendar', 'consent'];
const d = (iso: string) => new Date(iso);
const bounds = (period: LimitPeriod, alignment: Alignment, anchor: string, at: string) => {
  const b = periodBounds(period, alignment, d(anchor), d(at));
  return [b.start.toISOString(), b.end.toISOString()];
};

describe('calendar periods', () => {
  it('are UTC days, ISO weeks, months, halves and years', () => {
    const anchor = '2020-01-01T00:00:00Z';
    expect(bounds('day', 'calendar', anchor, '2026-11-24T23:59:59.999Z')).toEqual(['2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z']);
    // Sunday 2026-11-22 belongs to the week starting Monday 2026-11-16.
    expect(bounds('week', 'calendar', anchor, '2026-11-22T12:00:00Z')).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    expect(bounds('month', 'calendar', anchor, '2024-02-29T10:00:00Z')).toEqual(['2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
    expect(bounds('half_year', 'calendar', anchor, '2026-07-01T00:00:00Z')).toEqual([
      '2026-07-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(bounds('half_year', 'calendar', anchor, '2026-06-30T23:59:59Z')).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-07-01T00:00:00.000Z',
    ]);
    expect(bounds('year', 'calendar', anchor, '2028-12-31T23:59:59Z')).toEqual(['2028-01-01T00:00:00.000Z', '2029-01-01T00:00:00.000Z']);
  });

  it('count fortnights as pairs of ISO weeks from week 1, week 53 standing alone', () => {
    // ISO 2026 starts Monday 2025-12-29; weeks 1-2 are the first fortnight.
    expect(bounds('fortnight', 'calendar', '2020-01-01T00:00:00Z', '2026-01-05T00:00:00Z')).toEqual([
      '2025-12-29T00:00:00.000Z',
      '2026-01-12T00:00:00.000Z',
    ]);
    // ISO 2026 has 53 weeks: week 53 (28 Dec 2026 - 3 Jan 2027) ends where ISO 2027 begins.
    expect(isoWeek(d('2026-12-30T00:00:00Z')).week).toBe(53);
    expect(bounds('fortnight', 'calendar', '2020-01-01T00:00:00Z', '2026-12-30T00:00:00Z')).toEqual([
      '2026-12-28T00:00:00.000Z',
      '2027-01-04T00:00:00.000Z',
    ]);
  });
});

describe('consent periods', () => {
  it('count from the anchor, months clamped to shorter months and leap days', () => {
    const anchor = '2024-01-31T09:30:00Z';
    expect(bounds('month', 'consent', anchor, '2024-02-15T00:00:00Z')).toEqual(['2024-01-31T09:30:00.000Z', '2024-02-29T09:30:00.000Z']);
    expect(bounds('month', 'consent', anchor, '2024-03-01T00:00:00Z')).toEqual(['2024-02-29T09:30:00.000Z', '2024-03-31T09:30:00.000Z']);
    expect(bounds('year', 'consent', '2024-02-29T00:00:00Z', '2025-03-01T00:00:00Z')).toEqual([
      '2025-02-28T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
    ]);
    expect(bounds('half_year', 'consent', '2026-08-31T00:00:00Z', '2027-03-01T00:00:00Z')).toEqual([
      '2027-02-28T00:00:00.000Z',
      '2027-08-31T00:00:00.000Z',
    ]);
    expect(bounds('week', 'consent', '2026-11-18T15:00:00Z', '2026-11-25T14:59:59Z')).toEqual([
      '2026-11-18T15:00:00.000Z',
      '2026-11-25T15:00:00.000Z',
    ]);
    expect(bounds('fortnight', 'consent', '2026-11-18T15:00:00Z', '2026-12-02T15:00:00Z')).toEqual([
      '2026-12-02T15:00:00.000Z',
      '2026-12-16T15:00:00.000Z',
    ]);
  });

  it('addMonths keeps the time of day and clamps the day', () => {
    expect(addMonths(d('2023-01-31T23:00:00Z'), 1).toISOString()).toBe('2023-02-28T23:00:00.000Z');
    expect(addMonths(d('2023-12-15T00:00:00Z'), 1).toISOString()).toBe('2024-01-15T00:00:00.000Z');
    expect(addMonths(d('2023-03-31T00:00:00Z'), -1).toISOString()).toBe('2023-02-28T00:00:00.000Z');
  });
});

describe('every period (property-based)', () => {
  const instant = fc.date({ min: d('2000-01-01T00:00:00Z'), max: d('2100-12-31T00:00:00Z'), noInvalidDate: true });
  const limit = fc.record({ period: fc.constantFrom(...PERIODS), alignment: fc.constantFrom(...ALIGNMENTS) });

  it('contains the instant asked about, and periods tile time without gaps or overlaps', () => {
    fc.assert(
      fc.property(limit, instant, instant, ({ period, alignment }, anchor, at) => {
        const b = periodBounds(period, alignment, anchor, at);
        expect(b.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(b.end.getTime());
        // The next period starts where this one ends; the instant before the start is in the previous one.
        expect(periodBounds(period, alignment, anchor, b.end).start.getTime()).toBe(b.end.getTime());
        expect(periodBounds(period, alignment, anchor, new Date(b.start.getTime() - 1)).end.getTime()).toBe(b.start.getTime());
        // Any instant of the period has the same period.
        const inside = new Date(b.start.getTime() + Math.floor((b.end.getTime() - b.start.getTime()) / 2));
        expect(periodBounds(period, alignment, anchor, inside)).toEqual(b);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives calendar periods UTC-midnight bounds and consent periods the anchor’s time of day', () => {
    fc.assert(
      fc.property(limit, instant, instant, ({ period, alignment }, anchor, at) => {
        const b = periodBounds(period, alignment, anchor, at);
        const timeOfDay = (x: Date) => x.getTime() % 86_400_000;
        if (alignment === 'calendar') expect(timeOfDay(b.start)).toBe(0);
        else expect(timeOfDay(b.start)).toBe(timeOfDay(anchor));
        if (alignment === 'consent' && (period === 'month' || period === 'half_year' || period === 'year')) {
          const dim = new Date(Date.UTC(b.start.getUTCFullYear(), b.start.getUTCMonth() + 1, 0)).getUTCDate();
          expect(b.start.getUTCDate()).toBe(Math.min(anchor.getUTCDate(), dim));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("a calendar limit's first period (Open Banking's worked examples as golden tests)", () => {
  const cap = (limit: { period: LimitPeriod; alignment: Alignment; maxAmountMinor?: bigint }, anchor: string, at: string, proRate = true) =>
    effectiveAmountCap(limit, d(anchor), d(at), proRate);

  it('Example 1: a calendar month of 300.00 from 06-Jun-2021 allows 250.00 until 30-Jun, then 300.00 a month', () => {
    const month = { period: 'month', alignment: 'calendar', maxAmountMinor: 30_000n } as const;
    expect(cap(month, '2021-06-06T00:00:00Z', '2021-06-06T09:00:00Z')).toBe(25_000n);
    expect(cap(month, '2021-06-06T00:00:00Z', '2021-06-30T23:59:59Z')).toBe(25_000n);
    expect(cap(month, '2021-06-06T00:00:00Z', '2021-07-01T00:00:00Z')).toBe(30_000n);
    expect(cap(month, '2021-06-06T00:00:00Z', '2022-02-14T00:00:00Z')).toBe(30_000n);
  });

  it('Example 3: a calendar year of 500.00 from 06-Jun-2021 allows 286.30 (500 x 209 / 365) until 31-Dec, then 500.00', () => {
    const year = { period: 'year', alignment: 'calendar', maxAmountMinor: 50_000n } as const;
    expect(cap(year, '2021-06-06T00:00:00Z', '2021-12-31T12:00:00Z')).toBe(28_630n);
    expect(cap(year, '2021-06-06T00:00:00Z', '2022-01-01T00:00:00Z')).toBe(50_000n);
  });

  it('Examples 2 and 4: consent-aligned limits are whole from the first period; older mandates never pro-rate', () => {
    expect(cap({ period: 'month', alignment: 'consent', maxAmountMinor: 50_000n }, '2021-06-05T00:00:00Z', '2021-06-20T00:00:00Z')).toBe(
      50_000n,
    );
    expect(cap({ period: 'year', alignment: 'consent', maxAmountMinor: 50_000n }, '2021-06-05T00:00:00Z', '2021-06-05T00:00:00Z')).toBe(
      50_000n,
    );
    expect(
      cap({ period: 'month', alignment: 'calendar', maxAmountMinor: 30_000n }, '2021-06-06T00:00:00Z', '2021-06-10T00:00:00Z', false),
    ).toBe(30_000n);
    expect(cap({ period: 'month', alignment: 'calendar' }, '2021-06-06T00:00:00Z', '2021-06-10T00:00:00Z')).toBeUndefined();
  });

  it('pro-rates an ISO week by its days remaining, rounding down to a minor unit', () => {
    // Wednesday 2026-12-02: five of the week's seven days remain.
    expect(cap({ period: 'week', alignment: 'calendar', maxAmountMinor: 1_000n }, '2026-12-02T15:00:00Z', '2026-12-03T00:00:00Z')).toBe(
      714n,
    );
  });
});

describe('the period a pro-rated first period shows', () => {
  const month = { period: 'month', alignment: 'calendar', maxAmountMinor: 30_000n } as const;
  const shown = (limit: Parameters<typeof effectivePeriodBounds>[0], anchor: string, at: string, proRate = true) => {
    const b = effectivePeriodBounds(limit, d(anchor), d(at), proRate);
    return [b.start.toISOString(), b.end.toISOString()];
  };

  it('Example 1: from the consent’s start (06-Jun-2021 09:30) to the month’s end, then whole calendar months', () => {
    expect(shown(month, '2021-06-06T09:30:00Z', '2021-06-20T00:00:00Z')).toEqual(['2021-06-06T09:30:00.000Z', '2021-07-01T00:00:00.000Z']);
    expect(shown(month, '2021-06-06T09:30:00Z', '2021-07-15T00:00:00Z')).toEqual(['2021-07-01T00:00:00.000Z', '2021-08-01T00:00:00.000Z']);
  });

  it('the calendar period where nothing is pro-rated: consent-aligned, fortnights, older mandates', () => {
    expect(shown({ ...month, alignment: 'consent' }, '2021-06-06T09:30:00Z', '2021-06-20T00:00:00Z')[0]).toBe('2021-06-06T09:30:00.000Z');
    expect(shown(month, '2021-06-06T09:30:00Z', '2021-06-20T00:00:00Z', false)).toEqual([
      '2021-06-01T00:00:00.000Z',
      '2021-07-01T00:00:00.000Z',
    ]);
  });
});
