import { ApiError, validationError } from '@vrp/errors';

/** The single string value of `param`; a repeated or nested parameter is a validation_error. */
export function single(param: string, raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw validationError(param, `${param} must be given once, as a plain value`);
  return raw;
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/;

/**
 * True when `ymd` (YYYY-MM-DD) is a day that exists: `new Date` would roll 2025-02-30 into
 * March. Year 0000 does not exist in Postgres nor in protobuf timestamps (they start at 0001).
 */
function isCalendarDate(ymd: string): boolean {
  const date = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === ymd && !ymd.startsWith('0000');
}

/** The instants a protobuf Timestamp (and so every service) can carry. */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** An ISO 8601 timestamp (with a zone) or date (midnight UTC) that exists on the calendar. */
export function timestampParam(param: string, raw: string): Date {
  const match = ISO_DATE_TIME.exec(raw);
  const date = new Date(raw);
  if (!match || !isCalendarDate(match[1]!) || Number.isNaN(date.getTime()) || date.getTime() < EARLIEST || date.getTime() > LATEST) {
    throw validationError(param, `${param} must be an ISO 8601 timestamp such as 2025-01-31T12:00:00Z`);
  }
  return date;
}

/** An ISO 8601 calendar date (YYYY-MM-DD) that exists. */
export function calendarDateParam(param: string, raw: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || !isCalendarDate(raw)) {
    throw validationError(param, `${param} must be an ISO 8601 date such as 2025-01-31`);
  }
  return raw;
}

const INT64_MAX = 2n ** 63n - 1n;

/** A whole number of minor units, 0 or more. */
export function minorUnitsParam(param: string, raw: string): bigint {
  if (!/^\d{1,19}$/.test(raw) || BigInt(raw) > INT64_MAX) throw validationError(param, `${param} must be a whole number of minor units`);
  return BigInt(raw);
}

/** page_size: 1..max (default `fallback`); above max is its own code, page_size_too_large. */
export function pageSizeParam(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw validationError('page_size', `page_size must be a whole number between 1 and ${max}`);
  const n = Number(raw);
  if (n > max) throw new ApiError('page_size_too_large', `page_size must be at most ${max}`, { param: 'page_size' });
  if (n < 1) throw validationError('page_size', `page_size must be between 1 and ${max}`);
  return n;
}
