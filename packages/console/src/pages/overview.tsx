import type { VrpClient } from '@vrp/sdk';
import { Link } from 'react-router-dom';
import { countUpTo } from '../api/count.js';
import { OverviewCharts } from '../components/overview-charts.js';
import { SandboxClock } from '../components/sandbox-clock.js';
import { ErrorAlert, IdLink, PageHeader, StatusPill, Time } from '../components/ui.js';
import { useSession } from '../session.js';
import { useLoad } from '../use-load.js';

async function loadOverview(api: VrpClient) {
  const [active, submitted, failed, undelivered, recentFailures] = await Promise.all([
    countUpTo((q) => api.listMandates({ ...q, status: 'active' })),
    countUpTo((q) => api.listPayments({ ...q, status: 'submitted' })),
    countUpTo((q) => api.listPayments({ ...q, status: 'failed' })),
    countUpTo((q) => api.listWebhookEvents({ ...q, delivery_status: 'delivery_failed' })),
    api.listWebhookEvents({ delivery_status: 'delivery_failed', page_size: 10 }),
  ]);
  return { active, submitted, failed, undelivered, recentFailures: recentFailures.results };
}

export function OverviewPage() {
  const { session, api } = useSession();
  const data = useLoad(() => loadOverview(api), 'overview');
  const counts = data.data;
  return (
    <>
      <PageHeader title="Overview">
        <span className={`env-badge ${session.environment === 'sandbox' ? 'env-sandbox' : 'env-production'}`}>
          {session.environment === 'sandbox' ? 'Sandbox' : 'Production'}
        </span>
      </PageHeader>
      <ErrorAlert error={data.error} />
      <ul className="cards" aria-label="Counts">
        {(
          [
            ['Active mandates', counts?.active, '/mandates?status=active'],
            ['Payments submitted', counts?.submitted, '/payments?status=submitted'],
            ['Payments failed', counts?.failed, '/payments?status=failed'],
            ['Events not delivered', counts?.undelivered, '/events?delivery_status=delivery_failed'],
          ] as const
        ).map(([label, value, to]) => (
          <li key={label} className="card">
            <Link to={to}>
              <span className="card-value">{value ?? '…'}</span>
              <span className="card-label">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <OverviewCharts api={api} />
      <h2>Recent failed deliveries</h2>
      {counts && counts.recentFailures.length === 0 ? (
        <p className="muted">No failed deliveries. Every event reached its endpoints.</p>
      ) : null}
      {counts && counts.recentFailures.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {counts.recentFailures.map((e) => (
              <tr key={e.id}>
                <td>
                  <IdLink to={`/events/${e.id}`} id={e.id} />
                </td>
                <td>{e.event_type + (e.test ? ' (test)' : '')}</td>
                <td>
                  <StatusPill status={e.delivery_status} />
                </td>
                <td>
                  <Time iso={e.created_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {session.environment === 'sandbox' ? <SandboxClock /> : null}
    </>
  );
}
