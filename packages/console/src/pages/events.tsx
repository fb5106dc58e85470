import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert, IdLink, Notice, PageHeader, StatusPill, Time } from '../components/ui.js';
import { CREATED_RANGE, ORDER_BY_TIME, PAGE_SIZE } from '../format/list-filters.js';
import { ResourceList } from '../components/resource-list.js';
import { dayBound } from '../format/format.js';
import { DELIVERY_STATUSES, EVENT_TYPES } from '../format/vocabulary.js';
import { useGuard, useRole, useSession } from '../session.js';

/** Events with their delivery status; failed deliveries first-class, with bulk retry. */
export function EventsPage() {
  const { api } = useSession();
  const { canIntegrate } = useRole();
  const guard = useGuard();
  const [replayed, setReplayed] = useState<string>();
  const [error, setError] = useState<unknown>();
  const replay = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const from = dayBound(String(data.get('from') ?? ''), 'start');
    const to = dayBound(String(data.get('to') ?? ''), 'end');
    setError(undefined);
    guard(() =>
      api.replayWebhookEvents({
        delivery_status: 'delivery_failed',
        ...(from ? { 'created_at[gte]': from } : {}),
        ...(to ? { 'created_at[lte]': to } : {}),
      }),
    ).then((r) => setReplayed(`${r.count} failed event${r.count === 1 ? '' : 's'} queued for redelivery.`), setError);
  };
  return (
    <>
      <PageHeader title="Events">
        <Link className="btn btn-secondary" to="/events?delivery_status=delivery_failed">
          Show failed deliveries
        </Link>
      </PageHeader>
      <ResourceList
        label="Events"
        filters={[
          { name: 'event_type', label: 'Event type', kind: 'select', options: EVENT_TYPES },
          { name: 'delivery_status', label: 'Delivery status', kind: 'select', options: DELIVERY_STATUSES },
          { name: 'resource_id', label: 'Resource id', kind: 'text' },
          ...CREATED_RANGE,
          ORDER_BY_TIME,
          PAGE_SIZE,
        ]}
        load={(q) => api.listWebhookEvents(q)}
        exportAs={{ api, type: 'events' }}
        empty="No events match."
        columns={[
          { header: 'Event', cell: (e) => <IdLink to={`/events/${e.id}`} id={e.id} /> },
          { header: 'Type', cell: (e) => e.event_type + (e.test ? ' (test)' : '') },
          { header: 'Delivery', cell: (e) => <StatusPill status={e.delivery_status} /> },
          { header: 'Created', cell: (e) => <Time iso={e.created_at} /> },
        ]}
      />
      {canIntegrate ? (
        <>
          <h2>Retry failed events</h2>
          <form className="inline-form panel" onSubmit={replay} aria-label="Retry failed events">
            <label>
              <span className="field-label">Failed from</span>
              <input type="date" name="from" />
            </label>
            <label>
              <span className="field-label">Failed to</span>
              <input type="date" name="to" />
            </label>
            <button type="submit" className="btn btn-primary">
              Retry failed events
            </button>
          </form>
        </>
      ) : null}
      {replayed ? <Notice>{replayed}</Notice> : null}
      <ErrorAlert error={error} />
    </>
  );
}
