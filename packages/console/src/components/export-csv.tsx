import { useState } from 'react';
import type { VrpClient } from '@vrp/sdk';

type ExportType = 'payments' | 'refunds' | 'mandates' | 'events';

/** List parameters that page or order a list: an export takes every row the filters select. */
const WALK_PARAMS = new Set(['cursor', 'page_size', 'order']);

/** How long the button waits for the file before saying it is still being written. */
const WAIT_MS = 120_000;

/**
 * "Export CSV": exports every row the list's current filters select (not just the page shown) as
 * a CSV file written in the background, then offers its download. The state is announced.
 */
export function ExportCsv({ api, type, query }: { api: VrpClient; type: ExportType; query: Record<string, string> }) {
  const [state, setState] = useState<{ status: 'idle' | 'working' | 'ready' | 'failed'; url?: string; rows?: number; message?: string }>({
    status: 'idle',
  });

  const start = async () => {
    setState({ status: 'working' });
    try {
      const filters = Object.fromEntries(Object.entries(query).filter(([k]) => !WALK_PARAMS.has(k)));
      let current = await api.createExport({ type, format: 'csv', filters });
      const deadline = Date.now() + WAIT_MS;
      while (current.status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        current = await api.getExport(current.id);
      }
      if (current.status === 'completed' && current.download_url) {
        setState({ status: 'ready', url: current.download_url, rows: current.row_count });
      } else if (current.status === 'failed') {
        setState({ status: 'failed', message: 'The export failed. Try again.' });
      } else {
        setState({ status: 'failed', message: 'The export is still being written; try again in a minute.' });
      }
    } catch (err) {
      setState({ status: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <div className="export-csv">
      <button type="button" className="btn btn-secondary" onClick={() => void start()} disabled={state.status === 'working'}>
        Export CSV
      </button>
      <span role="status" aria-live="polite" className="muted">
        {state.status === 'working' ? ' Writing the CSV file…' : null}
        {state.status === 'ready' ? (
          <>
            {' '}
            <a href={state.url} download>
              Download CSV ({state.rows} rows)
            </a>
          </>
        ) : null}
        {state.status === 'failed' ? ` ${state.message}` : null}
      </span>
    </div>
  );
}
