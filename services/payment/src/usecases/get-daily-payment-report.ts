import { required } from '@vrp/errors';
import { selectDailyFigures, type DailyPaymentFigures } from '../db/daily-report.js';
import { reportDays } from '@vrp/pagination';
import type { Deps } from '../deps.js';

/** One UTC day of the report: its currencies' figures (none on a day without payments). */
export interface DailyPaymentReportDay {
  day: string;
  currencies: Omit<DailyPaymentFigures, 'day'>[];
}

/**
 * Every UTC day of [from, to) (at most 92) with, per currency, the payments created that day and
 * how they ended, and what settled that day. Days without payments are present with no currency.
 */
export async function getDailyPaymentReport(deps: Deps, merchantId: string, from: string, to: string): Promise<DailyPaymentReportDay[]> {
  const days = reportDays(from, to);
  const figures = await selectDailyFigures(deps.sql, required('merchant_id', merchantId), from, to);
  const byDay = new Map<string, DailyPaymentReportDay['currencies']>();
  for (const { day, ...currency } of figures) byDay.set(day, [...(byDay.get(day) ?? []), currency]);
  return days.map((day) => ({ day, currencies: byDay.get(day) ?? [] }));
}
