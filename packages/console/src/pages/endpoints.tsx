import { useState, type FormEvent } from 'react';
import { ErrorAlert, IdLink, PageHeader, ShownOnce, StatusPill, Time } from '../components/ui.js';
import { ResourceList } from '../components/resource-list.js';
import { EVENT_TYPES } from '../format/vocabulary.js';
import { useGuard, useSession } from '../session.js';
import { Link } from 'react-router-dom';

/** The event-type checkboxes of an endpoint form; none checked means every event. */
export function EventTypeChoices({ selected }: { selected: readonly string[] }) {
  return (
    <fieldset className="choices">
      <legend>Events to send (none checked: all events)</legend>
      {EVENT_TYPES.map((t) => (
        <label key={t} className="choice">
          <input type="checkbox" name="enabled_events" value={t} defaultChecked={selected.includes(t)} /> {t}
        </label>
      ))}
    </fieldset>
  );
}

/** Webhook endpoints: add one (its secret shown once) and the list. */
export function EndpointsPage() {
  const { api } = useSession();
  const guard = useGuard();
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [round, setRound] = useState(0);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const enabled = data.getAll('enabled_events').map(String) as (typeof EVENT_TYPES)[number][];
    setError(undefined);
    guard(() =>
      api.createWebhookEndpoint({
        url: String(data.get('url')),
        ...(data.get('description') ? { description: String(data.get('description')) } : {}),
        enabled_events: enabled,
      }),
    ).then((created) => {
      setSecret(created.secret);
      form.reset();
      setRound((r) => r + 1);
    }, setError);
  };
  return (
    <>
      <PageHeader title="Webhook endpoints" />
      <details className="panel" open>
        <summary>Add an endpoint</summary>
        <form className="stack" onSubmit={submit}>
          <label>
            <span className="field-label">URL</span>
            <input name="url" type="url" required placeholder="https://sandbox.example.com/hooks/vrp" />
          </label>
          <label>
            <span className="field-label">Description</span>
            <input name="description" maxLength={500} />
          </label>
          <EventTypeChoices selected={[]} />
          <ErrorAlert error={error} />
          <div>
            <button type="submit" className="btn btn-primary">
              Add endpoint
            </button>
          </div>
        </form>
      </details>
      {secret ? (
        <ShownOnce
          label="New secret"
          value={secret}
          note="Verify deliveries with this signing secret. Copy it now: it will not be shown again."
        />
      ) : null}
      <ResourceList
        key={round}
        label="Endpoints"
        filters={[]}
        load={(q) => api.listWebhookEndpoints(q)}
        empty="No endpoints yet."
        columns={[
          { header: 'URL', cell: (e) => <Link to={`/webhooks/${e.id}`}>{e.url}</Link> },
          { header: 'Status', cell: (e) => <StatusPill status={e.status} /> },
          { header: 'Events', cell: (e) => (e.enabled_events.length ? e.enabled_events.join(', ') : 'All events') },
          { header: 'Created', cell: (e) => <Time iso={e.created_at} /> },
          { header: 'Id', cell: (e) => <IdLink to={`/webhooks/${e.id}`} id={e.id} /> },
        ]}
      />
    </>
  );
}
