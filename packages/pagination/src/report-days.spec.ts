import { describe, expect, it } from 'vitest';
import { reportDays } from './report-days.js';

describe('reportDays', () => {
  it('lists the UTC days of [from, to), across a month end', () => {
    expect(reportDays('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('takes up to 92 days and refuses more', () => {
    expect(reportDays('2026-01-01', '2026-04-03')).toHaveLength(92);
    expect(() => reportDays('2026-01-01', '2026-04-04')).toThrow(expect.objectContaining({ code: 'invalid_date_range', param: 'to' }));
  });

  it('refuses an empty or reversed range and dates that do not exist', () => {
    for (const [from, to, param] of [
      ['2026-03-01', '2026-03-01', 'to'],
      ['2026-03-02', '2026-03-01', 'to'],
      ['2026-02-30', '2026-03-05', 'from'],
      ['2026-03-01', '2026-3-5', 'to'],
    ] as const)
      expect(() => reportDays(from, to)).toThrow(expect.objectContaining({ code: 'invalid_date_range', param }));
  });
});
