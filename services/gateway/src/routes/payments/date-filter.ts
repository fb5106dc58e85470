import type { FilterSpec } from '../../lists/index.js';
import { calendarDateParam } from '../../lists/query-values.js';

/** A calendar-date filter (settlement_date[gte|lte]): an ISO 8601 date YYYY-MM-DD that exists. */
export function dateFilter(): FilterSpec<string> {
  return { parse: calendarDateParam };
}
