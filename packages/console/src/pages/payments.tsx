import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { Payment } from '@vrp/sdk';
import { ActionButton, ErrorAlert, Facts, IdLink, Metadata, PageHeader, StatusPill, Time, Timeline } from '../components/ui.js';
import { ResourceList } from '../components/resource-list.js';
import { formatAmount } from '../format/format.js';
import { FAILURE_CODES, PAYMENT_STATUSES } from '../format/vocabulary.js';
import { useGuard, useSession } from '../session.js';
import { useLoad } from '../use-load.js';

export function PaymentsPage() {
  const { api } = useSession();
  return (
    <>
      <PageHeader title="Payments" />
      <ResourceList
        label="Payments"
        filters={[
          { name: 'status', label: 'Status', kind: 'select', options: PAYMENT_STATUSES },
          { name: 'mandate_id', label: 'Mandate id', kind: 'text' },
          { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
          { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
          { name: 'settled_from', label: 'Settled from', kind: 'date', bound: { param: 'settlement_date[gte]', end: 'start' } },
          { name: 'settled_to', label: 'Settled to', kind: 'date', bound: { param: 'settlement_date[lte]', end: 'end' } },
        ]}
        load={(q) => api.listPayments(settlementDays(q))}
        empty="No payments match."
        columns={[
          { header: 'Payment', cell: (p) => <IdLink to={`/payments/${p.id}`} id={p.id} /> },
          { header: 'Amount', cell: (p) => formatAmount(p.amount, p.currency) },
          { header: 'Status', cell: (p) => <StatusPill status={p.status} /> },
          { header: 'Mandate', cell: (p) => <IdLink to={`/mandates/${p.mandate_id}`} id={p.mandate_id} /> },
          { header: 'Settled on', cell: (p) => p.settlement_date ?? '—' },
          { header: 'Created', cell: (p) => <Time iso={p.created_at} /> },
        ]}
      />
    </>
  );
}

/** settlement_date filters take dates (YYYY-MM-DD), not times. */
function settlementDays(q: Record<string, string>): Record<string, string> {
  const out = { ...q };
  for (const k of ['settlement_date[gte]', 'settlement_date[lte]']) if (out[k]) out[k] = out[k].slice(0, 10);
  return out;
}

export function PaymentPage() {
  const id = useParams().id!;
  const { api, session } = useSession();
  const guard = useGuard();
  const payment = useLoad(() => api.getPayment(id, { expand: 'mandate,refunds' }), id);
  const [error, setError] = useState<unknown>();
  const p = payment.data;
  const sandbox = session.environment === 'sandbox';

  const refund = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const amount = String(data.get('amount') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    setError(undefined);
    guard(() => api.createRefund(id, { ...(amount ? { amount } : {}), ...(reason ? { reason } : {}) })).then(payment.reload, setError);
  };
  const fail = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('failure_code')) as NonNullable<Payment['failure_code']>;
    setError(undefined);
    guard(() => api.sandboxFailPayment(id, { failure_code: code })).then(payment.reload, setError);
  };

  return (
    <>
      <PageHeader title="Payment" />
      <ErrorAlert error={payment.error} />
      {p ? (
        <>
          <Facts
            items={[
              ['Id', <span className="mono">{p.id}</span>],
              ['Amount', formatAmount(p.amount, p.currency)],
              ['Status', <StatusPill status={p.status} />],
              ['Clearing', p.clearing_status],
              ['Mandate', <IdLink to={`/mandates/${p.mandate_id}`} id={p.mandate_id} />],
              ['Settled on', p.settlement_date ?? '—'],
              ['Failure', p.failure_code ?? '—'],
              ['Retries', String(p.retry_count)],
              ['Refunded', formatAmount(p.amount_refunded, p.currency)],
              ['Created', <Time iso={p.created_at} />],
            ]}
          />
          <h2>Timeline</h2>
          <Timeline entries={p.timeline} />
          <h2>Refunds</h2>
          {p.refunds && p.refunds.length > 0 ? (
            <ul>
              {p.refunds.map((r) => (
                <li key={r.id}>
                  <IdLink to={`/refunds/${r.id}`} id={r.id} /> {formatAmount(r.amount, r.currency)} <StatusPill status={r.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No refunds.</p>
          )}
          <h2>Metadata</h2>
          <Metadata metadata={p.metadata} />
          <ErrorAlert error={error} />
          <div className="button-row">
            {p.status === 'failed' ? (
              <ActionButton label="Retry payment" kind="primary" run={() => api.retryPayment(id)} done={payment.reload} />
            ) : null}
          </div>
          {p.status === 'settled' ? (
            <form className="inline-form panel" onSubmit={refund} aria-label="Refund">
              <label>
                <span className="field-label">Refund amount ({p.currency}, empty for all that is left)</span>
                <input name="amount" inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" />
              </label>
              <label>
                <span className="field-label">Reason</span>
                <input name="reason" maxLength={500} />
              </label>
              <button type="submit" className="btn btn-primary">
                Create refund
              </button>
            </form>
          ) : null}
          {sandbox && p.status === 'submitted' ? (
            <section className="panel" aria-label="Sandbox tools">
              <h2>Sandbox tools</h2>
              <div className="button-row">
                <ActionButton label="Settle" run={() => api.sandboxSettlePayment(id)} done={payment.reload} />
              </div>
              <form className="inline-form" onSubmit={fail}>
                <label>
                  <span className="field-label">Failure code</span>
                  <select name="failure_code">
                    {FAILURE_CODES.map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="btn btn-secondary">
                  Fail payment
                </button>
              </form>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
