import { type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { compactQuery, dayBound } from '../format/format.js';
import { useLoad } from '../use-load.js';
import { ErrorAlert } from './ui.js';

/** One filter of a list: a text box, a choice, or a day (turned into a created_at-style bound). */
export interface FilterField {
  /** The URL parameter (and, for text and choice filters, the API's). */
  name: string;
  label: string;
  kind: 'text' | 'select' | 'date';
  options?: readonly string[];
  /** For days: the API parameter and which end of the day it bounds. */
  bound?: { param: string; end: 'start' | 'end' };
}

export interface Column<T> {
  header: string;
  cell(item: T): ReactNode;
}

export interface ListPage<T> {
  results: T[];
  next_cursor: string | null;
  previous_cursor: string | null;
}

/** The API query for the filters in the URL (plus the cursor). */
export function apiQuery(params: URLSearchParams, filters: FilterField[]): Record<string, string> {
  const query: Record<string, string | undefined> = { cursor: params.get('cursor') ?? undefined };
  for (const f of filters) {
    const value = params.get(f.name) ?? '';
    if (f.kind === 'date' && f.bound) query[f.bound.param] = dayBound(value, f.bound.end);
    else query[f.name] = value;
  }
  return compactQuery(query);
}

/**
 * A filtered, paged table of API objects. Filters live in the URL, so a filtered page can be
 * bookmarked and shared; Next/Previous follow the API's cursors.
 */
export function ResourceList<T extends { id: string }>({
  label,
  filters,
  load,
  columns,
  empty,
}: {
  label: string;
  filters: FilterField[];
  load(query: Record<string, string>): Promise<ListPage<T>>;
  columns: Column<T>[];
  empty: string;
}) {
  const [params, setParams] = useSearchParams();
  const query = apiQuery(params, filters);
  const page = useLoad(() => load(query), JSON.stringify(query));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setParams(compactQuery(Object.fromEntries(filters.map((f) => [f.name, String(form.get(f.name) ?? '')]))));
  };
  const go = (cursor: string) => {
    const next = new URLSearchParams(params);
    next.set('cursor', cursor);
    setParams(next);
  };

  return (
    <section aria-label={label} aria-busy={page.loading}>
      {filters.length > 0 && (
        <form className="filters" onSubmit={submit} key={params.toString()}>
          {filters.map((f) => (
            <label key={f.name} className="filter">
              <span className="field-label">{f.label}</span>
              {f.kind === 'select' ? (
                <select name={f.name} defaultValue={params.get(f.name) ?? ''}>
                  <option value="">Any</option>
                  {f.options!.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <input name={f.name} type={f.kind === 'date' ? 'date' : 'text'} defaultValue={params.get(f.name) ?? ''} />
              )}
            </label>
          ))}
          <div className="filter-actions">
            <button type="submit" className="btn btn-secondary">
              Apply filters
            </button>
          </div>
        </form>
      )}
      <ErrorAlert error={page.error} />
      {page.data && page.data.results.length === 0 ? <p className="muted">{empty}</p> : null}
      {page.data && page.data.results.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th scope="col" key={c.header}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.data.results.map((item) => (
              <tr key={item.id}>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(item)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {page.loading && !page.data ? <p className="muted">Loading…</p> : null}
      <nav className="pager" aria-label={`${label} pages`}>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!page.data?.previous_cursor}
          onClick={() => go(page.data!.previous_cursor!)}
        >
          Previous page
        </button>
        <button type="button" className="btn btn-secondary" disabled={!page.data?.next_cursor} onClick={() => go(page.data!.next_cursor!)}>
          Next page
        </button>
      </nav>
    </section>
  );
}
