import { useState, type FormEvent } from 'react';
import type { Payment, PaymentExpanded, Refund, VrpClient } from '@vrp/sdk';
import { FAILURE_CODES } from '../format/vocabulary.js';
import { useGuard, useRole } from '../session.js';
import { ActionButton, ErrorAlert, IdLink, Notice } from './ui.js';

/** Refund a settled payment: an amount (empty: all that is still refundable) and a reason. */
export function RefundForm({ api, payment, done }: { api: VrpClient; payment: PaymentExpanded; done: () => void }) {
  const guard = useGuard();
  const { canManage } = useRole();
  const [error, setError] = useState<unknown>();
  const [created, setCreated] = useState<Refund>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get('amount') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    setError(undefined);
    setCreated(undefined);
    // The amount goes to the API exactly as typed: the API validates money, the console never parses it.
    guard(() => api.createRefund(payment.id, { ...(amount ? { amount } : {}), ...(reason ? { reason } : {}) })).then((refund) => {
      setCreated(refund);
      form.reset();
      done();
    }, setError);
  };
  // Refunds move money: an owner's change.
  if (!canManage) return null;
  return (
    <section className="panel" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund</h2>
      <form className="inline-form" onSubmit={submit}>
        <label>
          <span className="field-label">Amount ({payment.currency}; empty for all that is left)</span>
          <input name="amount" inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" autoComplete="off" />
        </label>
        <label>
          <span className="field-label">Reason</span>
          <input name="reason" maxLength={500} autoComplete="off" />
        </label>
        <button type="submit" className="btn btn-primary">
          Create refund
        </button>
      </form>
      <ErrorAlert error={error} />
      {created ? (
        <Notice>
          Refund <IdLink to={`/refunds/${created.id}`} id={created.id} /> created for {created.amount} {created.currency}.
        </Notice>
      ) : null}
    </section>
  );
}

/** The simulated bank's decision on a submitted payment (sandbox only). */
export function PaymentSandboxTools({ api, payment, done }: { api: VrpClient; payment: Payment; done: () => void }) {
  const guard = useGuard();
  const { canIntegrate } = useRole();
  const [error, setError] = useState<unknown>();
  const fail = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('failure_code')) as NonNullable<Payment['failure_code']>;
    setError(undefined);
    guard(() => api.sandboxFailPayment(payment.id, { failure_code: code })).then(done, setError);
  };
  if (!canIntegrate) return null;
  return (
    <section className="panel" aria-label="Sandbox tools">
      <h2>Sandbox tools</h2>
      <p className="muted">Decide the payment as the bank would. The outcome arrives a moment later, with its event.</p>
      <div className="button-row">
        <ActionButton label="Settle" run={() => api.sandboxSettlePayment(payment.id)} done={done} />
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
      <ErrorAlert error={error} />
    </section>
  );
}
