import { useParams } from 'react-router-dom';
import { cadenceOf, SCHEDULE_PAYMENT_COLUMNS } from '../components/columns.js';
import { DataTable } from '../components/data-table.js';
import { ActionButton, ErrorAlert, Facts, IdLink, Metadata, PageHeader, StatusPill, Time } from '../components/ui.js';
import { formatAmount } from '../format/format.js';
import { useSession } from '../session.js';
import { useLoad } from '../use-load.js';

/** One schedule: how it collects, its upcoming cycles, the payments it made, and pause, resume and cancel. */
export function SchedulePage() {
  const id = useParams().id!;
  const { api } = useSession();
  const schedule = useLoad(() => api.getSchedule(id), id);
  const payments = useLoad(() => api.listPayments({ schedule_id: id, page_size: 100 }), id);
  const s = schedule.data;
  const reload = () => (schedule.reload(), payments.reload());
  return (
    <>
      <PageHeader title="Schedule" />
      <ErrorAlert error={schedule.error} />
      {s ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{s.id}</span>],
              ['Status', <StatusPill status={s.status} />],
              ['Mandate', <IdLink to={`/mandates/${s.mandate_id}`} id={s.mandate_id} />],
              ['Collects', cadenceOf(s)],
              ['When a limit blocks a cycle', s.on_limit === 'defer' ? 'deferred to the earliest allowed time' : 'skipped'],
              ['Automatic retries', s.retry.enabled ? `up to ${s.retry.max_retries}` : 'off'],
              ['Payments made', String(s.payments_created)],
              ['Cancelled because', s.cancel_cause ?? '—'],
              ['Created', <Time iso={s.created_at} />],
            ]}
          />
          {s.status === 'active' || s.status === 'paused' ? (
            <div className="button-row">
              {s.status === 'active' ? (
                <ActionButton label="Pause" run={() => api.pauseSchedule(id)} done={reload} />
              ) : (
                <ActionButton label="Resume" run={() => api.resumeSchedule(id)} done={reload} />
              )}
              <ActionButton label="Cancel schedule" run={() => api.cancelSchedule(id)} done={reload} />
            </div>
          ) : null}
          <h2>Upcoming cycles</h2>
          {s.upcoming.length ? (
            <div className="table-scroll">
              <table className="table" aria-label="Upcoming cycles">
                <thead>
                  <tr>
                    <th scope="col">Charge date</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {s.upcoming.map((c) => (
                    <tr key={c.charge_date}>
                      <td>{c.charge_date}</td>
                      <td>{formatAmount(c.amount, s.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">No cycle to come.</p>
          )}
          <h2>Payments it made</h2>
          <ErrorAlert error={payments.error} />
          {payments.data?.results.length ? (
            <DataTable columns={SCHEDULE_PAYMENT_COLUMNS} rows={payments.data.results} />
          ) : (
            <p className="muted">No payment yet.</p>
          )}
          <h2>Metadata</h2>
          <Metadata metadata={s.metadata} />
        </>
      ) : null}
    </>
  );
}
