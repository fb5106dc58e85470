import { useParams } from 'react-router-dom';
import { ActionButton, ErrorAlert, Facts, IdLink, Metadata, PageHeader, StatusPill, Time, Timeline } from '../components/ui.js';
import { ResourceList } from '../components/resource-list.js';
import { formatAmount } from '../format/format.js';
import { REFUND_STATUSES } from '../format/vocabulary.js';
import { useSession } from '../session.js';
import { useLoad } from '../use-load.js';

export function RefundsPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Refunds" />
      <ResourceList
        label="Refunds"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: REFUND_STATUSES },
          { name: 'payment_id', label: 'Payment id', kind: 'text' },
          { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
          { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
        ]}
        load={(q) => api.listRefunds(q)}
        empty="No refunds match."
        columns={[
          { header: 'Refund', cell: (r) => <IdLink to={`/refunds/${r.id}`} id={r.id} /> },
          { header: 'Amount', cell: (r) => formatAmount(r.amount, r.currency) },
          { header: 'Status', cell: (r) => <StatusPill status={r.status} /> },
          { header: 'Payment', cell: (r) => <IdLink to={`/payments/${r.payment_id}`} id={r.payment_id} /> },
          { header: 'Created', cell: (r) => <Time iso={r.created_at} /> },
        ]}
      />
    </>
  );
}

export function RefundPage() {
  const id = useParams().id!;
  const { api, session } = useSession();
  const refund = useLoad(() => api.getRefund(id), id);
  const r = refund.data;
  return (
    <>
      <PageHeader title="Refund" />
      <ErrorAlert error={refund.error} />
      {r ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{r.id}</span>],
              ['Amount', formatAmount(r.amount, r.currency)],
              ['Status', <StatusPill status={r.status} />],
              ['Payment', <IdLink to={`/payments/${r.payment_id}`} id={r.payment_id} />],
              ['Reason', r.reason ?? '—'],
              ['Expected to settle', r.expected_settlement_date ?? '—'],
              ['Settled', <Time iso={r.settled_at} />],
              ['Created', <Time iso={r.created_at} />],
            ]}
          />
          <h2>Timeline</h2>
          <Timeline entries={r.timeline} />
          <h2>Metadata</h2>
          <Metadata metadata={r.metadata} />
          {session.environment === 'sandbox' && r.status === 'pending_settlement' ? (
            <section className="panel" aria-label="Sandbox tools">
              <h2>Sandbox tools</h2>
              <ActionButton label="Settle refund" run={() => api.sandboxSettleRefund(id)} done={refund.reload} />
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
