import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { describeError } from '../api/client.js';
import { formatDateTime, prettyJson, toneOf } from '../format/format.js';
import { useGuard, useRole } from '../session.js';

/** A status as the API spells it, coloured by meaning. */
export function StatusPill({ status }: { status: string }) {
  return <span className={`pill pill-${toneOf(status)}`}>{status}</span>;
}

/** An error the user should read: announced to screen readers as it appears. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="alert alert-error">
      {describeError(error)}
    </p>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="alert alert-info">
      {children}
    </p>
  );
}

/** A page's title row, with optional actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-actions">{children}</div> : null}
    </div>
  );
}

/** Labelled facts about one object; values are always rendered as text. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="facts">
      {items.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A merchant's metadata, as text. */
export function Metadata({ metadata }: { metadata: Record<string, string | number> }) {
  const entries = Object.entries(metadata);
  if (entries.length === 0) return <p className="muted">No metadata.</p>;
  return <Facts items={entries.map(([k, v]) => [k, String(v)])} />;
}

/** Every status an object entered, oldest first. */
export function Timeline({ entries }: { entries: { status: string; at: string; note?: string }[] }) {
  return (
    <ol className="timeline">
      {entries.map((e, i) => (
        <li key={`${e.status}-${i}`}>
          <StatusPill status={e.status} /> <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          {e.note ? <span className="muted"> {e.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="json" aria-label={label} tabIndex={0}>
      {prettyJson(value)}
    </pre>
  );
}

export function Time({ iso }: { iso: string | null | undefined }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>—</>;
}

/** A link to an object's page, named by its id. */
export function IdLink({ to, id }: { to: string; id: string }) {
  return (
    <Link to={to} className="mono">
      {id}
    </Link>
  );
}

/**
 * A button that runs an API call, shows its failure next to it, and tells the page to reload
 * when it succeeds.
 */
export function ActionButton({
  label,
  run,
  done,
  kind = 'secondary',
  autoFocus = false,
}: {
  label: string;
  run: () => Promise<unknown>;
  done?: (result: unknown) => void;
  kind?: 'primary' | 'secondary' | 'danger';
  /** Focus it on appearing (a confirmation replacing the button the user just pressed). */
  autoFocus?: boolean;
}) {
  const guard = useGuard();
  const { canIntegrate } = useRole();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  // Every action button changes something: a viewer (read only) is shown none.
  if (!canIntegrate) return null;
  return (
    <span className="action">
      <button
        type="button"
        className={`btn btn-${kind}`}
        disabled={busy}
        autoFocus={autoFocus}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          guard(run)
            .then((r) => done?.(r))
            .catch(setError)
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </button>
      <ErrorAlert error={error} />
    </span>
  );
}

/** A secret shown once, in a read-only field the user can select and copy. */
export function ShownOnce({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="shown-once">
      <label>
        <span className="field-label">{label}</span>
        <input type="text" readOnly value={value} className="mono" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <p className="muted">{note}</p>
    </div>
  );
}
