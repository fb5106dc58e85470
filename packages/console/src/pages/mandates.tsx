import { Link, useParams } from 'react-router-dom';
import { ActionButton, ErrorAlert, Facts, IdLink, Metadata, PageHeader, StatusPill, Time } from '../components/ui.js';
import { ResourceList } from '../components/resource-list.js';
import { formatAmount } from '../format/format.js';
import { MANDATE_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';
import { useLoad } from '../use-load.js';

export function MandatesPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Mandates" />
      <ResourceList
        label="Mandates"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: MANDATE_STATUSES },
          { name: 'customer_id', label: 'Customer id', kind: 'text' },
          { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
          { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
        ]}
        load={(q) => api.listMandates(q)}
        empty="No mandates match."
        columns={[
          { header: 'Mandate', cell: (m) => <IdLink to={`/mandates/${m.id}`} id={m.id} /> },
          { header: 'Status', cell: (m) => <StatusPill status={m.status} /> },
          { header: 'Customer', cell: (m) => <span className="mono">{m.customer_id}</span> },
          { header: 'Limit', cell: (m) => `${formatAmount(m.limits.maximum_amount, m.limits.currency)} ${m.limits.frequency}` },
          { header: 'Description', cell: (m) => m.description },
          { header: 'Created', cell: (m) => <Time iso={m.created_at} /> },
        ]}
      />
    </>
  );
}

export function MandatePage() {
  const id = useParams().id!;
  const { api, session } = useSession();
  const mandate = useLoad(() => api.getMandate(id), id);
  const m = mandate.data;
  const sandbox = session.environment === 'sandbox';
  const extra = m as (typeof m & { controls?: unknown; usage?: unknown }) | undefined;
  return (
    <>
      <PageHeader title="Mandate">
        <Link className="btn btn-secondary" to={`/payments?mandate_id=${encodeURIComponent(id)}`}>
          Payments under this mandate
        </Link>
      </PageHeader>
      <ErrorAlert error={mandate.error} />
      {m ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{m.id}</span>],
              ['Status', <StatusPill status={m.status} />],
              ['Customer', <span className="mono">{m.customer_id}</span>],
              ['Description', m.description || '—'],
              ['Maximum amount', formatAmount(m.limits.maximum_amount, m.limits.currency)],
              ['Frequency', m.limits.frequency],
              ['Created', <Time iso={m.created_at} />],
              [
                'Revoked',
                m.revoked_at ? (
                  <>
                    {<Time iso={m.revoked_at} />} by {m.revoked_by}
                  </>
                ) : (
                  '—'
                ),
              ],
              ['Suspended', <Time iso={m.suspended_at} />],
            ]}
          />
          {extra?.controls ? (
            <>
              <h2>Controls and usage</h2>
              <pre className="json">{JSON.stringify({ controls: extra.controls, usage: extra.usage }, null, 2)}</pre>
            </>
          ) : null}
          <h2>Metadata</h2>
          <Metadata metadata={m.metadata} />
          <div className="button-row">
            {m.status !== 'revoked' ? (
              <ActionButton label="Cancel mandate" kind="danger" run={() => api.cancelMandate(id)} done={mandate.reload} />
            ) : null}
          </div>
          {sandbox ? (
            <section className="panel" aria-label="Sandbox tools">
              <h2>Sandbox tools</h2>
              <div className="button-row">
                <ActionButton label="Activate" run={() => api.sandboxActivateMandate(id)} done={mandate.reload} />
                <ActionButton label="Suspend" run={() => api.sandboxSuspendMandate(id)} done={mandate.reload} />
                <ActionButton label="Reinstate" run={() => api.sandboxReinstateMandate(id)} done={mandate.reload} />
                <ActionButton
                  label="Revoke by customer"
                  run={() => api.sandboxRevokeMandate(id, { by: 'customer' })}
                  done={mandate.reload}
                />
                <ActionButton label="Revoke by bank" run={() => api.sandboxRevokeMandate(id, { by: 'bank' })} done={mandate.reload} />
              </div>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
