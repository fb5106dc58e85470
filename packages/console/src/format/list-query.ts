/** Filters of a list page: what sits in the page's URL, and the API query it becomes. */

import { compactQuery, dayBound } from './format.js';

/** A choice of a select filter: the API's value, shown as itself or under a label. */
export type FilterOption = string | { value: string; label: string };

/**
 * One filter of a list: a text box, a choice, a whole number (minor units), or a day (turned
 * into a range bound).
 */
export interface FilterField {
  /** The URL parameter (and, for text, number and choice filters, the API's). */
  name: string;
  label: string;
  kind: 'text' | 'select' | 'date' | 'number';
  options?: readonly FilterOption[];
  /** What a select shows for "no filter" (default "Any"): the API's default, e.g. "Newest first". */
  blank?: string;
  /**
   * For days: the API parameter and which end of the day it bounds. `date: true` sends the day
   * itself (settlement_date filters take dates); otherwise an RFC 3339 time (created_at filters).
   */
  bound?: { param: string; end: 'start' | 'end'; date?: boolean };
}

/**
 * The API query for the filters in a page's URL, plus its cursor. Only declared filters pass:
 * the API rejects unknown parameters, so stray URL parameters must never reach it.
 */
export function apiQuery(params: URLSearchParams, filters: readonly FilterField[]): Record<string, string> {
  const query: Record<string, string | undefined> = { cursor: params.get('cursor') ?? undefined };
  for (const f of filters) {
    const value = (params.get(f.name) ?? '').trim();
    if (f.kind === 'date' && f.bound) {
      const time = dayBound(value, f.bound.end);
      query[f.bound.param] = f.bound.date && time ? value : time;
    } else if (f.kind === 'number') {
      // Minor units: a whole number, or nothing (the API would refuse anything else).
      query[f.name] = /^\d{1,18}$/.test(value) ? value : undefined;
    } else if (f.kind === 'select') {
      query[f.name] = f.options?.some((o) => optionValue(o) === value) ? value : undefined;
    } else query[f.name] = value;
  }
  return compactQuery(query);
}

/**
 * The URL parameters for a submitted filter form: every non-empty filter, and no cursor (a
 * cursor belongs to the filters it was issued for, so new filters start from the first page).
 */
export function filterParams(filters: readonly FilterField[], valueOf: (name: string) => unknown): Record<string, string> {
  return compactQuery(Object.fromEntries(filters.map((f) => [f.name, String(valueOf(f.name) ?? '').trim()])));
}

export const optionValue = (o: FilterOption): string => (typeof o === 'string' ? o : o.value);
export const optionLabel = (o: FilterOption): string => (typeof o === 'string' ? o : o.label);
