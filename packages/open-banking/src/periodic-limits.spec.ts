import { describe, expect, it } from 'vitest';
import { limitPeriod, periodAnchor, validityBreach } from './periodic-limits.js';

const at = (date: string) => new Date(`${date}T12:00:00Z`);
const periods = (limit: Parameters<typeof limitPeriod>[0], amount: bigint, anchor: string, days: string[]) =>
  days.map((d) => {
    const p = limitPeriod(limit, amount, anchor, at(d))!;
    return { start: p.start, end: p.end, cap: p.capMinor };
  });

describe("OB's worked examples of periodic limits (domestic-vrp-consents, OBDomesticVRPControlParameters)", () => {
  it('Example 1: a Calendar month of 300.00 from 06-Jun-2021 allows 250.00 until 30-Jun, then 300.00 a month', () => {
    const limit = { PeriodType: 'Month', PeriodAlignment: 'Calendar' } as const;
    expect(periods(limit, 30000n, '2021-06-06T09:30:00+00:00', ['2021-06-06', '2021-06-30', '2021-07-15', '2021-08-31'])).toEqual([
      { start: '2021-06-06', end: '2021-06-30', cap: 25000n },
      { start: '2021-06-06', end: '2021-06-30', cap: 25000n },
      { start: '2021-07-01', end: '2021-07-31', cap: 30000n },
      { start: '2021-08-01', end: '2021-08-31', cap: 30000n },
    ]);
  });

  it('Example 2: a Consent month of 500.00 from 05-Jun-2021 runs 05-Jun to 04-Jul, 05-Jul to 04-Aug, 05-Aug to 04-Sep', () => {
    // The published table prints the second period's end as 04-Jul, a typo for 04-Aug.
    const limit = { PeriodType: 'Month', PeriodAlignment: 'Consent' } as const;
    expect(periods(limit, 50000n, '2021-06-05T00:00:00+00:00', ['2021-07-04', '2021-07-05', '2021-08-05'])).toEqual([
      { start: '2021-06-05', end: '2021-07-04', cap: 50000n },
      { start: '2021-07-05', end: '2021-08-04', cap: 50000n },
      { start: '2021-08-05', end: '2021-09-04', cap: 50000n },
    ]);
  });

  it('Example 3: a Calendar year of 500.00 from 06-Jun-2021 allows 286.30 (500 x 209 / 365) until 31-Dec, then 500.00 a year', () => {
    // The example's comment says the consent was created on 05-Jun; its table and its 209 days
    // start on 06-Jun, which is what the arithmetic is checked against.
    const limit = { PeriodType: 'Year', PeriodAlignment: 'Calendar' } as const;
    expect(periods(limit, 50000n, '2021-06-06T00:00:00+00:00', ['2021-12-31', '2022-01-01', '2023-06-30'])).toEqual([
      { start: '2021-06-06', end: '2021-12-31', cap: 28630n },
      { start: '2022-01-01', end: '2022-12-31', cap: 50000n },
      { start: '2023-01-01', end: '2023-12-31', cap: 50000n },
    ]);
  });

  it('Example 4: a Consent year of 500.00 from 05-Jun-2021 runs 05-Jun to the next 04-Jun', () => {
    const limit = { PeriodType: 'Year', PeriodAlignment: 'Consent' } as const;
    expect(periods(limit, 50000n, '2021-06-05T00:00:00+00:00', ['2022-06-04', '2022-06-05', '2024-06-04'])).toEqual([
      { start: '2021-06-05', end: '2022-06-04', cap: 50000n },
      { start: '2022-06-05', end: '2023-06-04', cap: 50000n },
      { start: '2023-06-05', end: '2024-06-04', cap: 50000n },
    ]);
  });
});

describe('limitPeriod beyond the examples', () => {
  it('pro-rates ISO weeks and half-years in their first period and rounds down to a minor unit', () => {
    // Thursday 2026-11-26: Thursday to Sunday is 4 of 7 days; 10.00 x 4 / 7 = 5.714 -> 5.71.
    expect(limitPeriod({ PeriodType: 'Week', PeriodAlignment: 'Calendar' }, 1000n, '2026-11-26T10:00:00Z', at('2026-11-29'))).toMatchObject(
      {
        start: '2026-11-26',
        end: '2026-11-29',
        capMinor: 571n,
        proRated: true,
      },
    );
    expect(limitPeriod({ PeriodType: 'Week', PeriodAlignment: 'Calendar' }, 1000n, '2026-11-26T10:00:00Z', at('2026-11-30'))).toMatchObject(
      {
        start: '2026-11-30',
        end: '2026-12-06',
        capMinor: 1000n,
        proRated: false,
      },
    );
    // 1 Apr to 30 Jun is 91 of 181 days of the first half of 2026.
    expect(
      limitPeriod({ PeriodType: 'Half-year', PeriodAlignment: 'Calendar' }, 18100n, '2026-04-01T00:00:00Z', at('2026-05-01')),
    ).toMatchObject({ start: '2026-04-01', end: '2026-06-30', capMinor: 9100n });
    expect(limitPeriod({ PeriodType: 'Day', PeriodAlignment: 'Calendar' }, 500n, '2026-04-01T23:00:00Z', at('2026-04-01'))).toMatchObject({
      start: '2026-04-01',
      end: '2026-04-01',
      capMinor: 500n,
      proRated: false,
    });
  });

  it('counts consent-aligned fortnights and days from the anchor, and months from a 31st on the last day of shorter months', () => {
    expect(
      limitPeriod({ PeriodType: 'Fortnight', PeriodAlignment: 'Consent' }, 1n, '2026-01-01T00:00:00Z', at('2026-01-15')),
    ).toMatchObject({
      start: '2026-01-15',
      end: '2026-01-28',
    });
    const monthly = (d: string) => limitPeriod({ PeriodType: 'Month', PeriodAlignment: 'Consent' }, 1n, '2026-01-31T00:00:00Z', at(d));
    expect(monthly('2026-02-27')).toMatchObject({ start: '2026-01-31', end: '2026-02-27' });
    expect(monthly('2026-02-28')).toMatchObject({ start: '2026-02-28', end: '2026-03-30' });
    expect(monthly('2026-03-31')).toMatchObject({ start: '2026-03-31', end: '2026-04-29' });
    const leap = limitPeriod({ PeriodType: 'Year', PeriodAlignment: 'Consent' }, 1n, '2028-02-29T00:00:00Z', at('2029-03-01'));
    expect(leap).toMatchObject({ start: '2029-02-28', end: '2030-02-27' });
  });

  it('reads a written date-time on the date it names, and has no period before the anchor', () => {
    const limit = { PeriodType: 'Day', PeriodAlignment: 'Consent' } as const;
    expect(limitPeriod(limit, 1n, '2026-03-10T23:30:00-05:00', new Date('2026-03-11T02:00:00Z'))).toMatchObject({ start: '2026-03-11' });
    expect(limitPeriod(limit, 1n, '2026-03-10T23:30:00-05:00', new Date('2026-03-09T23:59:59Z'))).toBeUndefined();
    const p = limitPeriod(limit, 1n, '2026-03-10T00:00:00Z', new Date('2026-03-10T08:00:00Z'))!;
    expect([p.from.toISOString(), p.to.toISOString()]).toEqual(['2026-03-10T00:00:00.000Z', '2026-03-11T00:00:00.000Z']);
  });

  it('refuses a Calendar fortnight', () => {
    expect(() =>
      limitPeriod({ PeriodType: 'Fortnight', PeriodAlignment: 'Calendar' }, 1n, '2026-01-01T00:00:00Z', at('2026-01-02')),
    ).toThrow(/Consent-aligned/);
  });
});

describe('the validity window', () => {
  const window = { ValidFromDateTime: '2026-03-10T18:00:00+00:00', ValidToDateTime: '2026-03-20T06:00:00+00:00' };

  it('counts whole days at both ends, disregarding the time', () => {
    expect(validityBreach(window, new Date('2026-03-09T23:59:59Z'))).toBe('ValidFromDateTime');
    expect(validityBreach(window, new Date('2026-03-10T00:00:00Z'))).toBeUndefined();
    expect(validityBreach(window, new Date('2026-03-20T23:59:59Z'))).toBeUndefined();
    expect(validityBreach(window, new Date('2026-03-21T00:00:00Z'))).toBe('ValidToDateTime');
    expect(validityBreach({}, new Date())).toBeUndefined();
  });

  it('anchors periods on ValidFromDateTime, else on the creation time', () => {
    expect(periodAnchor(window, '2026-03-01T00:00:00+00:00')).toBe(window.ValidFromDateTime);
    expect(periodAnchor({}, '2026-03-01T00:00:00+00:00')).toBe('2026-03-01T00:00:00+00:00');
  });
});
