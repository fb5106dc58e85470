import type { common } from '@vrp/contracts';
import { required } from '@vrp/errors';
import { selectSchedulePage, type ScheduleFilters } from '../db/schedule-list.js';
import type { ScheduleView } from '../db/schedules.js';
import type { Deps } from '../deps.js';

/** One keyset page of the merchant's schedules; page N costs what page 1 does. */
export function listSchedules(
  deps: Deps,
  filters: ScheduleFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: ScheduleView[]; hasMore: boolean }> {
  return selectSchedulePage(deps.sql, { ...filters, merchantId: required('merchant_id', filters.merchantId) }, page);
}
