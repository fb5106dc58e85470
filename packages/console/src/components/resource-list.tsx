import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiQuery, filterParams, optionLabel, optionValue, type FilterField } from '../format/list-query.js';
import { useLoad } from '../use-load.js';
import { DataTable, type Column } from './data-table.js';
import { ErrorAlert } from './ui.js';
import { ExportCsv } from './export-csv.js';
import type { VrpClient } from '@vrp/sdk';

export interface ListPage<T> {
  results: T[];
  next_cursor: string | null;
  previous_cursor: string | null;
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
  exportAs,
}: {
  label: string;
  /** Offers "Export CSV" of every row the current filters select, as this export type. */
  exportAs?: { api: VrpClient; type: 'payments' | 'refunds' | 'mandates' | 'events' };
  filters: readonly FilterField[];
  load(query: Record<string, string>): Promise<ListPage<T>>;
  columns: readonly Column<T>[];
  empty: string;
}) {
  const [params, setParams] = useSearchParams();
  const query = apiQuery(params, filters);
  const page = useLoad(() => load(query), JSON.stringify(query));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setParams(filterParams(filters, (name) => form.get(name)));
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
                  <option value="">{f.blank ?? 'Any'}</option>
                  {f.options!.map((o) => (
                    <option key={optionValue(o)} value={optionValue(o)}>
                      {optionLabel(o)}
                    </option>
                  ))}
                </select>
              ) : f.kind === 'number' ? (
                <input name={f.name} type="number" min={0} step={1} inputMode="numeric" defaultValue={params.get(f.name) ?? ''} />
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
      {exportAs ? <ExportCsv api={exportAs.api} type={exportAs.type} query={query} /> : null}
      <ErrorAlert error={page.error} />
      {page.data && page.data.results.length === 0 ? <p className="muted">{empty}</p> : null}
      {page.data && page.data.results.length > 0 ? <DataTable columns={columns} rows={page.data.results} /> : null}
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
