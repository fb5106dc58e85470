import { useState, type FormEvent } from 'react';
import { auditCsvUrl, consoleApi, type AuditEntry, type AuditFilters } from '../api/console-api.js';
import { ErrorAlert, PageHeader, Time } from '../components/ui.js';
import { useGuard } from '../session.js';
import { useLoad } from '../use-load.js';

const ACTIONS = [
  'session.signed_in',
  'session.signed_out',
  'session.signed_out_everywhere',
  'token.created',
  'token.revoked',
  'invitation.created',
  'invitation.revoked',
  'invitation.accepted',
  'user.created',
  'user.removed',
  'user.role_changed',
  'user.password_changed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'webhook_endpoint.created',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.enabled',
  'api.request',
];

function actorOf(e: AuditEntry): string {
  if (e.actor.type === 'user') return e.actor.email ?? e.actor.id ?? 'user';
  if (e.actor.type === 'api_token') return `API token ${e.actor.id ?? ''}`;
  return 'Operator (CLI)';
}

function whatOf(e: AuditEntry): string {
  const d = e.details;
  if (e.action === 'api.request') return `${String(d.method)} ${String(d.path)}`;
  const parts = [
    e.target ? `${e.target.type} ${e.target.id}` : '',
    typeof d.email === 'string' ? d.email : '',
    typeof d.name === 'string' ? `“${d.name}”` : '',
  ];
  if (typeof d.to === 'string') parts.push(`${String(d.from)} → ${d.to}`);
  return parts.filter(Boolean).join(' · ');
}

/** Who did what, when and from where: filtered, paged and downloadable as CSV. Entries cannot be changed. */
export function AuditLogPage() {
  const guard = useGuard();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [more, setMore] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  const key = JSON.stringify(filters);
  const page = useLoad(async () => {
    const r = await consoleApi.auditLog(filters);
    setMore([]);
    setNext(r.next_before);
    return r;
  }, key);
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const from = String(data.get('from') ?? '');
    const to = String(data.get('to') ?? '');
    setFilters({
      ...(data.get('action') ? { action: String(data.get('action')) } : {}),
      ...(from ? { 'created_at[gte]': `${from}T00:00:00Z` } : {}),
      ...(to ? { 'created_at[lte]': `${to}T23:59:59.999Z` } : {}),
    });
  };
  const loadMore = () => {
    if (!next) return;
    guard(() => consoleApi.auditLog(filters, next)).then((r) => {
      setMore((m) => [...m, ...r.results]);
      setNext(r.next_before);
    }, setError);
  };
  const rows = [...(page.data?.results ?? []), ...more];
  return (
    <>
      <PageHeader title="Audit log">
        <a className="btn btn-secondary" href={auditCsvUrl(filters)} download>
          Download CSV
        </a>
      </PageHeader>
      <p className="muted">Console and API-key actions of your team, newest first. Entries are never changed or deleted.</p>
      <form className="inline-form" onSubmit={apply} aria-label="Filters">
        <label>
          <span className="field-label">Action</span>
          <select name="action" defaultValue="">
            <option value="">Any action</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="field-label">From</span>
          <input name="from" type="date" />
        </label>
        <label>
          <span className="field-label">To</span>
          <input name="to" type="date" />
        </label>
        <button type="submit" className="btn btn-primary">
          Apply filters
        </button>
      </form>
      <ErrorAlert error={page.error ?? error} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">What</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td>
                <Time iso={e.created_at} />
              </td>
              <td>{actorOf(e)}</td>
              <td className="mono">{e.action}</td>
              <td>{whatOf(e)}</td>
              <td>
                {e.ip ?? '—'}
                {e.user_agent ? <div className="muted small">{e.user_agent.slice(0, 60)}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.data && rows.length === 0 ? <p className="muted">No entries match.</p> : null}
      {next ? (
        <button type="button" className="btn btn-secondary" onClick={loadMore}>
          Load more
        </button>
      ) : null}
    </>
  );
}
