import type { ReactNode } from 'react';
import type { Mandate, VrpClient } from '@vrp/sdk';
import { Link, useParams } from 'react-router-dom';
import { MANDATE_PAYMENT_COLUMNS } from '../components/columns.js';
import { ConfirmAction } from '../components/confirm-action.js';
import { DataTable } from '../components/data-table.js';
import { FundsCheck } from '../components/funds-check.js';
import { MandateControls } from '../components/mandate-controls.js';
import { ActionButton, ErrorAlert, Facts, IdLink, Metadata, PageHeader, StatusPill, Time, Timeline } from '../components/ui.js';
import { formatAmount } from '../format/format.js';
import { mandateTimeline } from '../format/mandate-timeline.js';
import { useSession } from '../session.js';
import { useLoad } from '../use-load.js';

const RECENT = 5;

/** One mandate: its facts and limits, a funds check, its latest payments, cancel, and the sandbox's bank and customer. */
export function MandatePage() {
  const id = useParams().id!;
  const { api, session } = useSession();
  const mandate = useLoad(() => api.getMandate(id), id);
  const payments = useLoad(() => api.listPayments({ mandate_id: id, page_size: RECENT }), id);
  const m = mandate.data;
  const allPayments = `/payments?mandate_id=${encodeURIComponent(id)}`;
  return (
    <>
      <PageHeader title="Mandate">
        {m ? (
          <Link className="btn btn-secondary" to={allPayments}>
            Payments under this mandate
          </Link>
        ) : null}
      </PageHeader>
      <ErrorAlert error={mandate.error} />
      {m ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{m.id}</span>],
              ['Status', <StatusPill status={m.status} />],
              ['Customer', <IdLink to={`/customers/${m.customer_id}`} id={m.customer_id} />],
              ['Description', m.description || '—'],
              ['Maximum amount', formatAmount(m.limits.maximum_amount, m.limits.currency)],
              ['Frequency', m.limits.frequency],
              ['Created', <Time iso={m.created_at} />],
              ['Revoked', m.revoked_at ? <Revoked at={m.revoked_at} by={m.revoked_by} /> : '—'],
              ['Revocation reason', m.revocation_reason ?? '—'],
              ['Suspended', <Time iso={m.suspended_at} />],
              ...(m.authorisation ? [['Customer’s authorisation', <Authorisation link={m.authorisation} />] as [string, ReactNode]] : []),
              ['Suspension reason', m.suspension_reason ?? '—'],
            ]}
          />
          <h2>Timeline</h2>
          <Timeline entries={mandateTimeline(m)} />
          <MandateControls mandate={m} />
          <FundsCheck mandate={m} />
          <h2>Latest payments</h2>
          <ErrorAlert error={payments.error} />
          {payments.data && payments.data.results.length === 0 ? <p className="muted">No payments yet.</p> : null}
          {payments.data && payments.data.results.length > 0 ? (
            <>
              <DataTable columns={MANDATE_PAYMENT_COLUMNS} rows={payments.data.results} />
              {payments.data.next_cursor ? (
                <p>
                  <Link to={allPayments}>Every payment under this mandate</Link>
                </p>
              ) : null}
            </>
          ) : null}
          <h2>Metadata</h2>
          <Metadata metadata={m.metadata} />
          {m.status !== 'revoked' ? (
            <div className="button-row">
              <ConfirmAction
                label="Cancel mandate"
                confirmLabel="Confirm cancel"
                warning="The mandate is revoked at once and no further payments can be collected under it."
                run={() => api.cancelMandate(id)}
                done={mandate.reload}
              />
            </div>
          ) : null}
          {session.environment === 'sandbox' ? <SandboxTools api={api} mandate={m} done={mandate.reload} /> : null}
        </>
      ) : null}
    </>
  );
}

/** Where the customer authorises the mandate's consent at their bank (while pending_sca), and until when. */
function Authorisation({ link }: { link: NonNullable<Mandate['authorisation']> }) {
  return (
    <>
      <a className="mono" href={link.url}>
        {link.url}
      </a>{' '}
      (send the customer here; until <Time iso={link.expires_at} />)
    </>
  );
}

function Revoked({ at, by }: { at: string; by: Mandate['revoked_by'] }) {
  return (
    <>
      <Time iso={at} />
      {by ? ` by ${by}` : ''}
    </>
  );
}

/** What the customer or their bank could do to the mandate now (sandbox only). */
function SandboxTools({ api, mandate, done }: { api: VrpClient; mandate: Mandate; done: () => void }) {
  const id = mandate.id;
  return (
    <section className="panel" aria-label="Sandbox tools">
      <h2>Sandbox tools</h2>
      <p className="muted">Act as the customer or their bank would. Only the changes the mandate’s status allows are offered.</p>
      <div className="button-row">
        {mandate.status === 'pending_sca' ? <ActionButton label="Activate" run={() => api.sandboxActivateMandate(id)} done={done} /> : null}
        {mandate.status === 'active' ? <ActionButton label="Suspend" run={() => api.sandboxSuspendMandate(id, {})} done={done} /> : null}
        {mandate.status === 'suspended' ? <ActionButton label="Reinstate" run={() => api.sandboxReinstateMandate(id)} done={done} /> : null}
        {mandate.status !== 'revoked' ? (
          <>
            <ActionButton label="Revoke by customer" run={() => api.sandboxRevokeMandate(id, { by: 'customer' })} done={done} />
            <ActionButton label="Revoke by bank" run={() => api.sandboxRevokeMandate(id, { by: 'bank' })} done={done} />
          </>
        ) : (
          <p className="muted">A revoked mandate stays revoked.</p>
        )}
      </div>
    </section>
  );
}
