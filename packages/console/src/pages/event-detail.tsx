import { useParams } from 'react-router-dom';
import { ActionButton, ErrorAlert, Facts, IdLink, JsonBlock, PageHeader, StatusPill, Time } from '../components/ui.js';
import { objectPathOf } from '../format/paths.js';
import { useRole, useSession } from '../session.js';
import { useFollow } from '../use-follow.js';
import { useLoad } from '../use-load.js';

/** One event: payload, every attempt, and Retry (which then follows the redelivery for a while). */
export function EventPage() {
  const id = useParams().id!;
  const { api } = useSession();
  const { canIntegrate } = useRole();
  const event = useLoad(() => api.getWebhookEvent(id), id);
  // After a retry, look again every second for 15 s so the outcome shows without a reload.
  const follow = useFollow(event.reload, 15);
  const e = event.data;
  const about = e?.data.id;
  // A test event's object is made up for the occasion: it has no page.
  const aboutPath = e && about && !e.test ? objectPathOf(e.event_type, about) : undefined;
  return (
    <>
      <PageHeader title="Event" />
      <ErrorAlert error={event.error} />
      {e ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{e.id}</span>],
              ['Type', e.event_type + (e.test ? ' (test event)' : '')],
              ['Delivery status', <StatusPill status={e.delivery_status} />],
              ['Created', <Time iso={e.created_at} />],
              ['About', aboutPath && about ? <IdLink to={aboutPath} id={about} /> : (about ?? '—')],
            ]}
          />
          <div className="button-row">
            {canIntegrate ? (
              <ActionButton label="Retry" kind="primary" run={() => api.retryWebhookEvent(id)} done={() => (event.reload(), follow())} />
            ) : null}
          </div>
          <h2>Delivery attempts</h2>
          {e.attempts.length === 0 ? <p className="muted">No attempts yet.</p> : null}
          {e.attempts.length > 0 ? (
            <div className="table-scroll">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Attempt</th>
                    <th scope="col">Time</th>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Result</th>
                    <th scope="col">HTTP status</th>
                    <th scope="col">Latency</th>
                    <th scope="col">Response</th>
                  </tr>
                </thead>
                <tbody>
                  {e.attempts.map((a) => (
                    <tr key={`${a.endpoint_id}-${a.attempt}`}>
                      <td>{a.attempt}</td>
                      <td className="nowrap">
                        <Time iso={a.attempted_at} />
                      </td>
                      <td>
                        <IdLink to={`/webhooks/${a.endpoint_id}`} id={a.endpoint_id} />
                      </td>
                      <td>{a.success ? <StatusPill status="delivered" /> : <StatusPill status="failed" />}</td>
                      <td>{a.status_code ?? '—'}</td>
                      <td className="nowrap">{a.latency_ms} ms</td>
                      <td className="excerpt">{responseOf(a)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <h2>Payload</h2>
          <JsonBlock label="Event payload" value={{ event_id: e.id, event_type: e.event_type, created_at: e.created_at, data: e.data }} />
        </>
      ) : null}
    </>
  );
}

/** What the receiver answered (an excerpt of its body) or why the attempt failed. */
function responseOf(a: { error: string | null; response_excerpt: string }): string {
  return a.response_excerpt || a.error || '—';
}
