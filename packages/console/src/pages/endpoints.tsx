import { useState, type FormEvent } from 'react';
import { ErrorAlert, IdLink, PageHeader, ShownOnce, StatusPill, Time } from '../components/ui.js';
import { ResourceList } from '../components/resource-list.js';
import { EVENT_TYPES, EVENT_WILDCARDS, SIGNATURE_SCHEMES } from '../format/vocabulary.js';
import { useGuard, useRole, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { Link } from 'react-router-dom';
import type { WebhookEndpointCreate } from '@vrp/sdk';

/** The event-type checkboxes of an endpoint form (types and wildcards); none checked means every event. */
export function EventTypeChoices({ selected }: { selected: readonly string[] }) {
  return (
    <fieldset className="choices">
      <legend>Events to send (none checked: all events; payment.* is every payment event, now and later)</legend>
      {[...EVENT_WILDCARDS, ...EVENT_TYPES].map((t) => (
        <label key={t} className="choice">
          <input type="checkbox" name="enabled_events" value={t} defaultChecked={selected.includes(t)} /> {t}
        </label>
      ))}
    </fieldset>
  );
}

/** What each signature scheme is called on screen. */
export const SCHEME_LABELS: Record<(typeof SIGNATURE_SCHEMES)[number], string> = {
  vrp: 'X-SVC-Signature',
  standard_webhooks: 'Standard Webhooks',
};

/** The signature scheme and throttle fields of the add-endpoint form. */
function SigningAndRateFields() {
  return (
    <>
      <label>
        <span className="field-label">Signature scheme</span>
        <select name="signature_scheme" defaultValue="vrp">
          {SIGNATURE_SCHEMES.map((s) => (
            <option key={s} value={s}>
              {SCHEME_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="field-label">Rate limit (deliveries a second, empty: none)</span>
        <input name="rate_limit" type="number" min={1} max={1000} step={1} />
      </label>
    </>
  );
}

/** Webhook endpoints: add one (its secret shown once) and the list. */
export function EndpointsPage() {
  const { api } = useSession();
  const { canIntegrate } = useRole();
  const guard = useGuard();
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [round, setRound] = useState(0);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const enabled = data.getAll('enabled_events').map(String) as WebhookEndpointCreate['enabled_events'] & string[];
    const perSecond = Number(data.get('rate_limit') || 0);
    setError(undefined);
    guard(() =>
      api.createWebhookEndpoint({
        url: String(data.get('url')),
        ...(data.get('description') ? { description: String(data.get('description')) } : {}),
        enabled_events: enabled,
        signature_scheme: String(data.get('signature_scheme')) as (typeof SIGNATURE_SCHEMES)[number],
        ...(perSecond ? { rate_limit: { per_second: perSecond } } : {}),
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
      {canIntegrate ? (
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
            <SigningAndRateFields />
            <ErrorAlert error={error} />
            <div>
              <button type="submit" className="btn btn-primary">
                Add endpoint
              </button>
            </div>
          </form>
        </details>
      ) : null}
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
          { header: 'Signing', cell: (e) => SCHEME_LABELS[e.signature_scheme] },
          { header: 'Rate limit', cell: (e) => (e.rate_limit ? `${e.rate_limit.per_second}/s` : '—') },
          { header: 'Created', cell: (e) => <Time iso={e.created_at} /> },
          { header: 'Id', cell: (e) => <IdLink to={`/webhooks/${e.id}`} id={e.id} /> },
        ]}
      />
      <EventTypeCatalogue />
    </>
  );
}

/** GET /v1/event-types: every event type, when it is sent, and the JSON Schema of its data. */
function EventTypeCatalogue() {
  const { api } = useSession();
  const types = useLoad(() => api.listEventTypes(), 'event-types');
  return (
    <section aria-label="Event types">
      <h2>Event types</h2>
      <ErrorAlert error={types.error} />
      <dl className="facts">
        {(types.data ?? []).map((t) => (
          <div key={t.type}>
            <dt className="mono">{t.type}</dt>
            <dd>
              {t.description}{' '}
              <details>
                <summary>Schema of data</summary>
                <pre className="mono">{JSON.stringify(t.schema, null, 2)}</pre>
              </details>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
