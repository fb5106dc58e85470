import { notFound, required } from '@vrp/errors';
import { pastCycles, readSchedule, type CycleRow, type ScheduleView } from '../db/schedules.js';
import type { Deps } from '../deps.js';

/** One schedule of the merchant; 404 not_found for an unknown id or another merchant's schedule. */
export async function getSchedule(deps: Deps, merchantId: string, id: string): Promise<ScheduleView> {
  const view = await readSchedule(deps.sql, required('merchant_id', merchantId), id);
  if (!view) throw notFound('schedule', id);
  return view;
}

/** A schedule's cycles that were collected or dropped, newest first (at most `limit`, 1..200). */
export async function listPastCycles(deps: Deps, merchantId: string, id: string, limit: number): Promise<CycleRow[]> {
  await getSchedule(deps, merchantId, id);
  return pastCycles(deps.sql, id, Math.min(Math.max(limit || 50, 1), 200));
}
