import { validationError } from '@vrp/errors';
import type { FilterSpec } from '../../lists/index.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar-date filter (settlement_date[gte|lte]): an ISO 8601 date YYYY-MM-DD that exists. */
export function dateFilter(): FilterSpec<string> {
  return {
    parse(param, raw) {
      const date = new Date(`${raw}T00:00:00Z`);
      if (!DATE.test(raw) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) {
        throw validationError(param, `${param} must be an ISO 8601 date such as 2025-01-31`);
      }
      return raw;
    },
  };
}
