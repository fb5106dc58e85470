import { ApiError, validationError } from '@vrp/errors';
import { single } from '../../lists/query-values.js';

/** The longest range a daily report covers, in days. */
export const MAX_REPORT_DAYS = 92;

const DAY_MS = 86_400_000;

function day(param: 'from' | 'to', raw: unknown): number {
  const value = single(param, raw);
  if (value === undefined) throw new ApiError('invalid_date_range', `${param} is required, a date YYYY-MM-DD`, { param });
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value || value.startsWith('0000'))
    throw new ApiError('invalid_date_range', `${param} must be a calendar date YYYY-MM-DD such as 2026-11-01`, { param });
  return ms;
}

/**
 * A report's `from` (inclusive) and `to` (exclusive) UTC days: any other parameter is a 400
 * validation_error; a missing or impossible date, `to` not after `from`, or more than
 * MAX_REPORT_DAYS days is a 422 invalid_date_range naming the parameter.
 */
export function parseReportRange(query: Record<string, unknown>): { from: string; to: string } {
  for (const param of Object.keys(query))
    if (param !== 'from' && param !== 'to') throw validationError(param, `Unknown query parameter '${param}'`);
  const from = day('from', query.from);
  const to = day('to', query.to);
  if (to <= from) throw new ApiError('invalid_date_range', 'to must be a later day than from (it is exclusive)', { param: 'to' });
  if ((to - from) / DAY_MS > MAX_REPORT_DAYS)
    throw new ApiError('invalid_date_range', `A report covers at most ${MAX_REPORT_DAYS} days`, { param: 'to' });
  return { from: query.from as string, to: query.to as string };
}
