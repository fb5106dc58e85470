import { describe, expect, it } from 'vitest';
import {
  collectedPerDay,
  dayAfter,
  deliveryHealthPerDay,
  last30Days,
  majorUnits,
  minorUnits,
  successRatePerDay,
  type PaymentReportDay,
} from './overview-stats.js';

const c = (currency: string, created: number, succeeded: number, failed: number, collected_count: number, collected: string) => ({
  currency,
  created,
  succeeded,
  failed,
  collected_count,
  collected,
});

const report: PaymentReportDay[] = [
  { date: '2026-11-25', currencies: [c('EUR', 1, 1, 0, 1, '1.00'), c('GBP', 4, 2, 1, 0, '0.00')] },
  { date: '2026-11-26', currencies: [] },
  { date: '2026-11-27', currencies: [c('GBP', 0, 0, 0, 2, '10.30')] },
];

describe('overview stats', () => {
  it('covers the 30 UTC days ending today, and ends a report the day after', () => {
    const days = last30Days(new Date('2026-11-27T15:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-29');
    expect(days[29]).toBe('2026-11-27');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
  });

  it('adds amounts in minor units, never in floating point', () => {
    expect(minorUnits('0.10') + minorUnits('0.20')).toBe(30);
    expect(majorUnits(30, 2)).toBe('0.30');
    expect(majorUnits(1000, 0)).toBe('1000');
    expect(majorUnits(5, 3)).toBe('0.005');
  });

  it('charts the currency most payments were collected in, and keeps the others apart', () => {
    const out = collectedPerDay(report);
    expect(out.main).toEqual({ currency: 'GBP', digits: 2, minor: 1030, payments: 2 });
    expect(out.others).toEqual([{ currency: 'EUR', digits: 2, minor: 100, payments: 1 }]);
    expect(out.days).toEqual([
      { day: '2026-11-25', value: 0 },
      { day: '2026-11-26', value: 0 },
      { day: '2026-11-27', value: 1030 },
    ]);
    expect(collectedPerDay([{ date: '2026-11-25', currencies: [] }]).main).toBeNull();
  });

  it('rates success over every currency, with no rate on a day nothing was decided', () => {
    expect(successRatePerDay(report)).toEqual([
      { day: '2026-11-25', value: 75 },
      { day: '2026-11-26', value: null },
      { day: '2026-11-27', value: null },
    ]);
  });

  it('reads delivery health as the server counted it', () => {
    expect(deliveryHealthPerDay([{ date: '2026-11-25', events: 6, delivered: 3, pending: 2, failed: 1 }])).toEqual([
      { day: '2026-11-25', delivered: 3, pending: 2, failed: 1 },
    ]);
  });
});
