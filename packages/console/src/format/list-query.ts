/** Filters of a list page: what sits in the page's URL, and the API query it becomes. */

import { compactQuery, dayBound } from './format.js';

/** One filter of a list: a text box, a choice, or a day (turned into a range bound). */
export interface FilterField {
  /** The URL parameter (and, for text and choice filters, the API's). */
  name: string;
  label: string;
  kind: 'text' | 'select' | 'date';
  options?: readonly string[];
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
