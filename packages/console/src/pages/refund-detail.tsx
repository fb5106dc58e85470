import { useParams } from 'react-router-dom';
import { ActionButton, ErrorAlert, Facts, IdLink, Metadata, PageHeader, StatusPill, Time, Timeline } from '../components/ui.js';
import { formatAmount } from '../format/format.js';
import { useSession } from '../session.js';
import { useFollow } from '../use-follow.js';
import { useLoad } from '../use-load.js';

/** One refund and its payment; in sandbox, the bank's decision on it. */
export function RefundPage() {
  const id = useParams().id!;
  const { api, session } = useSession();
  const refund = useLoad(() => api.getRefund(id), id);
  const follow = useFollow(refund.reload);
  const decided = () => (refund.reload(), follow());
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
              <p className="muted">Decide the refund as the bank would.</p>
              <div className="button-row">
                <ActionButton label="Settle refund" run={() => api.sandboxSettleRefund(id)} done={decided} />
                <ActionButton label="Fail refund" run={() => api.sandboxFailRefund(id)} done={decided} />
              </div>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
