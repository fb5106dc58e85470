import type { Customer, VrpClient } from '@vrp/sdk';
import { Link, useParams } from 'react-router-dom';
import { CUSTOMER_MANDATE_COLUMNS } from '../components/columns.js';
import { ConfirmAction } from '../components/confirm-action.js';
import { DataTable } from '../components/data-table.js';
import { ErrorAlert, Facts, Metadata, PageHeader, Time } from '../components/ui.js';
import { useSession } from '../session.js';
import { useLoad } from '../use-load.js';

const RECENT = 10;

/** One customer: what the merchant knows of them (shown as text, read-only), their mandates, and erasure. */
export function CustomerPage() {
  const id = useParams().id!;
  const { api } = useSession();
  const customer = useLoad(() => api.getCustomer(id), id);
  const mandates = useLoad(() => api.listMandates({ customer_id: id, page_size: RECENT }), id);
  const c = customer.data;
  const allMandates = `/mandates?customer_id=${encodeURIComponent(id)}`;
  return (
    <>
      <PageHeader title="Customer">
        {c ? (
          <Link className="btn btn-secondary" to={allMandates}>
            Mandates of this customer
          </Link>
        ) : null}
      </PageHeader>
      <ErrorAlert error={customer.error} />
      {c ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{c.id}</span>],
              ['Email', c.email ?? '—'],
              ['Name', c.name ?? '—'],
              ['Reference', c.reference ?? '—'],
              ['SCA', c.sca_completed ? 'completed' : 'not completed yet'],
              ['Created', <Time iso={c.created_at} />],
              ['Erased', c.erased_at ? <Time iso={c.erased_at} /> : '—'],
            ]}
          />
          {c.erased_at ? (
            <p className="muted">This customer’s personal data was erased. Their id, mandates and payments are kept.</p>
          ) : null}
          <h2>Mandates</h2>
          <ErrorAlert error={mandates.error} />
          {mandates.data && mandates.data.results.length === 0 ? <p className="muted">No mandates.</p> : null}
          {mandates.data && mandates.data.results.length > 0 ? (
            <>
              <DataTable columns={CUSTOMER_MANDATE_COLUMNS} rows={mandates.data.results} />
              {mandates.data.next_cursor ? (
                <p>
                  <Link to={allMandates}>Every mandate of this customer</Link>
                </p>
              ) : null}
            </>
          ) : null}
          <h2>Metadata</h2>
          <Metadata metadata={c.metadata} />
          {c.erased_at ? null : <EraseCustomer api={api} customer={c} done={customer.reload} />}
        </>
      ) : null}
    </>
  );
}

/**
 * Erasing is a merchant action (like revoking a token), kept apart from the read-only display:
 * the API refuses it while a mandate of the customer is live, and the refusal shows beside it.
 */
function EraseCustomer({ api, customer, done }: { api: VrpClient; customer: Customer; done: () => void }) {
  return (
    <section className="panel" aria-label="Erase customer">
      <h2>Erasure</h2>
      <p className="muted">Erasing blanks the email, name, reference and metadata for good. Cancel the customer’s live mandates first.</p>
      <div className="button-row">
        <ConfirmAction
          label="Erase customer"
          confirmLabel="Confirm erase"
          warning="The customer’s personal data is erased for good; their id, mandates and payments stay."
          run={() => api.deleteCustomer(customer.id)}
          done={done}
        />
      </div>
    </section>
  );
}
