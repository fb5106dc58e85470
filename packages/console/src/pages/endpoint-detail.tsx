import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { WebhookEndpoint, WebhookEndpointUpdate } from '@vrp/sdk';
import { ConfirmAction } from '../components/confirm-action.js';
import { ActionButton, ErrorAlert, Facts, Notice, PageHeader, ShownOnce, StatusPill, Time } from '../components/ui.js';
import { TEST_EVENT_TYPES } from '../format/vocabulary.js';
import { useGuard, useRole, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { EventTypeChoices, SCHEME_LABELS } from './endpoints.js';

type EventType = (typeof TEST_EVENT_TYPES)[number];

/** One endpoint: its settings, edit, enable/disable, rotate secret, delete, and a sandbox test event. */
export function EndpointPage() {
  const id = useParams().id!;
  const { api, session } = useSession();
  const { canIntegrate } = useRole();
  const guard = useGuard();
  const navigate = useNavigate();
  const endpoint = useLoad(() => api.getWebhookEndpoint(id), id);
  const [secret, setSecret] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<unknown>();
  const e = endpoint.data;
  // After another change, the previous one's notice no longer describes the page.
  const changed = () => (setSaved(undefined), endpoint.reload());

  const save = (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const data = new FormData(ev.currentTarget);
    setError(undefined);
    setSaved(undefined);
    guard(() =>
      api.updateWebhookEndpoint(id, {
        url: String(data.get('url')),
        description: String(data.get('description') ?? ''),
        enabled_events: data.getAll('enabled_events').map(String) as WebhookEndpointUpdate['enabled_events'],
        rate_limit: data.get('rate_limit') ? { per_second: Number(data.get('rate_limit')) } : null,
      }),
    ).then(() => {
      setSaved('Saved. The next delivery attempt uses these settings.');
      endpoint.reload();
    }, setError);
  };
  const sendTest = (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const eventType = String(new FormData(ev.currentTarget).get('event_type')) as EventType;
    setError(undefined);
    guard(() => api.sendTestWebhookEvent({ event_type: eventType })).then(
      (sent) => setSaved(`Test event ${sent.id} sent; follow it on the Events page.`),
      setError,
    );
  };

  return (
    <>
      <PageHeader title="Webhook endpoint" />
      <ErrorAlert error={endpoint.error} />
      {e ? (
        <>
          <Facts
            items={[
              ['URL', e.url],
              ['Id', <span className="mono">{e.id}</span>],
              ['Description', e.description || '—'],
              ['Status', <StatusPill status={e.status} />],
              ['Disabled because', e.disabled_reason ?? '—'],
              ['Events', e.enabled_events.length ? e.enabled_events.join(', ') : 'All events'],
              ['Signing', SCHEME_LABELS[e.signature_scheme]],
              ['Rate limit', e.rate_limit ? `${e.rate_limit.per_second} deliveries a second` : 'None'],
              ['Created', <Time iso={e.created_at} />],
              ['Current secret expires', <Time iso={e.secret_expires_at} />],
              ...previousSecret(e),
            ]}
          />
          {secret ? (
            <ShownOnce
              label="New secret"
              value={secret}
              note="Copy it now: it will not be shown again. The previous secret keeps signing beside it for 24 hours, so you can deploy the new one without dropping deliveries."
            />
          ) : null}
          {saved ? <Notice>{saved}</Notice> : null}
          <ErrorAlert error={error} />
          {canIntegrate ? (
            <div className="button-row">
              <ActionButton
                label="Rotate secret"
                run={() => api.rotateWebhookEndpointSecret(id)}
                done={(r) => (setSecret((r as { secret: string }).secret), changed())}
              />
              {e.status === 'enabled' ? (
                <ActionButton label="Disable" run={() => api.disableWebhookEndpoint(id)} done={changed} />
              ) : (
                <ActionButton label="Enable" run={() => api.enableWebhookEndpoint(id)} done={changed} />
              )}
              <ConfirmAction
                label="Delete endpoint"
                confirmLabel="Confirm delete"
                warning="Deliveries to it stop at once; its past attempts stay on their events."
                run={() => api.deleteWebhookEndpoint(id)}
                done={() => navigate('/webhooks')}
              />
            </div>
          ) : null}
          {session.environment === 'sandbox' && canIntegrate ? (
            <form className="inline-form panel" onSubmit={sendTest} aria-label="Send a test event">
              <label>
                <span className="field-label">Test event type</span>
                <select name="event_type" defaultValue="payment.settled">
                  {TEST_EVENT_TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn btn-primary">
                Send test event
              </button>
            </form>
          ) : null}
          {canIntegrate ? (
            <>
              <h2>Edit</h2>
              <form
                className="stack panel"
                onSubmit={save}
                key={`${e.url}|${e.description}|${e.enabled_events.join()}|${e.rate_limit?.per_second ?? 0}`}
              >
                <label>
                  <span className="field-label">Endpoint URL</span>
                  <input name="url" type="url" required defaultValue={e.url} />
                </label>
                <label>
                  <span className="field-label">Endpoint description</span>
                  <input name="description" maxLength={500} defaultValue={e.description} />
                </label>
                <EventTypeChoices selected={e.enabled_events} />
                <label>
                  <span className="field-label">Rate limit (deliveries a second, empty: none)</span>
                  <input name="rate_limit" type="number" min={1} max={1000} step={1} defaultValue={e.rate_limit?.per_second ?? ''} />
                </label>
                <div>
                  <button type="submit" className="btn btn-primary">
                    Save
                  </button>
                </div>
              </form>
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** During a rotation's overlap, when the replaced secret stops signing. */
function previousSecret(e: WebhookEndpoint): [string, ReactNode][] {
  return e.previous_secret_expires_at ? [['Previous secret stops signing', <Time iso={e.previous_secret_expires_at} />]] : [];
}
