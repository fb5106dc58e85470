import { required } from '@vrp/errors';
import { selectDailyDeliveryFigures, type DailyDeliveryFigures } from '../db/daily-report.js';
import { reportDays } from '@vrp/pagination';
import type { Deps } from '../deps.js';

/**
 * Every UTC day of [from, to) (at most 92) with the events created that day by their delivery
 * status now. Days without events are present with zeros.
 */
export async function getDailyDeliveryReport(deps: Deps, merchantId: string, from: string, to: string): Promise<DailyDeliveryFigures[]> {
  const days = reportDays(from, to);
  const figures = await selectDailyDeliveryFigures(deps.sql, required('merchant_id', merchantId), from, to);
  const byDay = new Map(figures.map((f) => [f.day, f]));
  return days.map((day) => byDay.get(day) ?? { day, events: 0n, delivered: 0n, pending: 0n, failed: 0n });
}
