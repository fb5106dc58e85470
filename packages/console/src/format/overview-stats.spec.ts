import { describe, expect, it } from 'vitest';
import { collectedPerDay, deliveryHealthPerDay, last30Days, majorUnits, minorUnits, successRatePerDay } from './overview-stats.js';

const days = last30Days(new Date('2026-11-27T15:00:00Z'));
const p = (status: string, amount: string, created: string, settled: string | null = null, currency = 'GBP') => ({
  status,
  amount,
  currency,
  created_at: `${created}T10:00:00.000Z`,
  settlement_date: settled,
});

describe('overview stats', () => {
  it('covers the 30 UTC days ending today', () => {
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-29');
    expect(days[29]).toBe('2026-11-27');
  });

  it('adds amounts in minor units, never in floating point', () => {
    expect(minorUnits('0.10') + minorUnits('0.20')).toBe(30);
    expect(majorUnits(30, 2)).toBe('0.30');
    expect(majorUnits(1000, 0)).toBe('1000');
    expect(majorUnits(5, 3)).toBe('0.005');
  });

  it('charts what was collected per settlement day in the main currency', () => {
    const out = collectedPerDay(
      [
        p('settled', '10.10', '2026-11-25', '2026-11-26'),
        p('refunded', '0.20', '2026-11-25', '2026-11-26'),
        p('failed', '99.00', '2026-11-25'),
        p('submitted', '5.00', '2026-11-27'),
        p('settled', '1.00', '2026-11-25', '2026-11-26', 'EUR'),
        p('settled', '3.00', '2026-09-01', '2026-09-02'),
      ],
      days,
    );
    expect(out.currency).toBe('GBP');
    expect(out.days.find((d) => d.day === '2026-11-26')!.value).toBe(1030);
    expect(out.days.reduce((s, d) => s + d.value, 0)).toBe(1030);
  });

  it('rates success among decided payments per creation day', () => {
    const rates = successRatePerDay(
      [p('settled', '1', '2026-11-20'), p('settled', '1', '2026-11-20'), p('failed', '1', '2026-11-20'), p('submitted', '1', '2026-11-21')],
      days,
    );
    expect(rates.find((r) => r.day === '2026-11-20')!.value).toBe(67);
    expect(rates.find((r) => r.day === '2026-11-21')!.value).toBeNull();
  });

  it('counts events by delivery state per day', () => {
    const health = deliveryHealthPerDay(
      [
        { created_at: '2026-11-27T01:00:00Z', delivery_status: 'delivered' },
        { created_at: '2026-11-27T02:00:00Z', delivery_status: 'retrying' },
        { created_at: '2026-11-27T03:00:00Z', delivery_status: 'delivery_failed' },
      ],
      days,
    );
    expect(health.at(-1)).toEqual({ day: '2026-11-27', delivered: 1, pending: 1, failed: 1 });
  });
});
