import { Link, useParams } from 'react-router-dom';
import { PAYMENT_REFUND_COLUMNS } from '../components/columns.js';
import { DataTable } from '../components/data-table.js';
import { MandateControls } from '../components/mandate-controls.js';
import { PaymentSandboxTools, RefundForm } from '../components/payment-actions.js';
import { ActionButton, ErrorAlert, Facts, IdLink, Metadata, PageHeader, StatusPill, Time, Timeline } from '../components/ui.js';
import { formatAmount } from '../format/format.js';
import { useSession } from '../session.js';
import { useFollow } from '../use-follow.js';
import { useLoad } from '../use-load.js';

/** One payment with its mandate and refunds: retry, refund, and in sandbox the bank's decision. */
export function PaymentPage() {
  const id = useParams().id!;
  const { api, session } = useSession();
  const payment = useLoad(() => api.getPayment(id, { expand: 'mandate,refunds' }), id);
  // The bank decides a moment after it is asked: follow the payment until its status moves.
  const follow = useFollow(payment.reload);
  const p = payment.data;
  const refunds = p?.refunds ?? [];
  return (
    <>
      <PageHeader title="Payment">
        {p ? (
          <Link className="btn btn-secondary" to={`/refunds?payment_id=${encodeURIComponent(id)}`}>
            Refunds of this payment
          </Link>
        ) : null}
      </PageHeader>
      <ErrorAlert error={payment.error} />
      {p ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{p.id}</span>],
              ['Amount', formatAmount(p.amount, p.currency)],
              ['Status', <StatusPill status={p.status} />],
              ['Clearing', p.clearing_status],
              [
                'Mandate',
                <>
                  <IdLink to={`/mandates/${p.mandate_id}`} id={p.mandate_id} />
                  {p.mandate?.description ? <span className="muted"> {p.mandate.description}</span> : null}
                </>,
              ],
              ['Settled on', p.settlement_date ?? '—'],
              [
                'Failure',
                p.failure ? (
                  <>
                    {p.failure.code}{' '}
                    <span className="muted">
                      ({p.failure.origin}, {p.failure.retryable ? 'a retry may succeed' : 'do not retry'})
                    </span>
                    <div className="muted">{p.failure.description}</div>
                  </>
                ) : (
                  '—'
                ),
              ],
              ['Retries', String(p.retry_count)],
              ['Refunded', formatAmount(p.amount_refunded, p.currency)],
              ['Created', <Time iso={p.created_at} />],
            ]}
          />
          {p.status === 'failed' ? (
            <div className="button-row">
              <ActionButton
                label="Retry payment"
                kind="primary"
                run={() => api.retryPayment(id)}
                done={() => (payment.reload(), follow())}
              />
            </div>
          ) : null}
          <h2>Timeline</h2>
          <Timeline entries={p.timeline} />
          {p.mandate ? <MandateControls mandate={p.mandate} heading="Its mandate’s controls and usage" /> : null}
          <h2>Refunds</h2>
          {refunds.length > 0 ? <DataTable columns={PAYMENT_REFUND_COLUMNS} rows={refunds} /> : <p className="muted">No refunds.</p>}
          {p.refunds_has_more ? (
            <p className="muted">
              The first {refunds.length} refunds are shown.{' '}
              <Link to={`/refunds?payment_id=${encodeURIComponent(id)}&order=created_at`}>See every refund of this payment</Link>
            </p>
          ) : null}
          {p.status === 'settled' ? <RefundForm api={api} payment={p} done={payment.reload} /> : null}
          <h2>Metadata</h2>
          <Metadata metadata={p.metadata} />
          {session.environment === 'sandbox' && p.status === 'submitted' ? (
            <PaymentSandboxTools api={api} payment={p} done={() => (payment.reload(), follow())} />
          ) : null}
        </>
      ) : null}
    </>
  );
}
