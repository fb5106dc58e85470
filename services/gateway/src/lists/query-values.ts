import { ApiError, validationError } from '@vrp/errors';

/** One raw query value as Express hands it over: a string, or several when repeated. */
export type RawQueryValue = string | string[] | undefined;

/** The single string value of `param`; a repeated or nested parameter is a validation_error. */
export function single(param: string, raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw validationError(param, `${param} must be given once, as a plain value`);
  return raw;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO 8601 timestamp (with a zone) or date (midnight UTC). */
export function timestampParam(param: string, raw: string): Date {
  const date = new Date(raw);
  if (!ISO_DATE_TIME.test(raw) || Number.isNaN(date.getTime())) {
    throw validationError(param, `${param} must be an ISO 8601 timestamp such as 2025-01-31T12:00:00Z`);
  }
  return date;
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
