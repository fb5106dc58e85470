import { useState, type FormEvent } from 'react';
import type { FundsConfirmation, Mandate } from '@vrp/sdk';
import { formatAmount } from '../format/format.js';
import { useGuard, useRole, useSession } from '../session.js';
import { ErrorAlert, Notice, Time } from './ui.js';

/** An amount as the API takes it: major units, at most two decimals, more than zero. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * "Check funds" on a mandate: asks the customer's bank, under the mandate's consent, whether their
 * account can cover an amount now (nothing is reserved or collected), and shows its answer. Only
 * an active mandate can be asked about; an owner asks (it is a request to the bank on the merchant's
 * behalf, like a payment).
 */
export function FundsCheck({ mandate }: { mandate: Mandate }) {
  const { api } = useSession();
  const guard = useGuard();
  const { canManage } = useRole();
  const [answer, setAnswer] = useState<{ amount: string; result: FundsConfirmation }>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  if (!canManage) return null;
  const currency = mandate.limits.currency;
  const check = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const amount = String(new FormData(e.currentTarget).get('amount') ?? '').trim();
    setAnswer(undefined);
    if (!AMOUNT.test(amount) || !/[1-9]/.test(amount)) {
      return setError(new Error(`Enter an amount in ${currency} greater than zero, such as 25.00.`));
    }
    setError(undefined);
    setBusy(true);
    guard(() => api.confirmMandateFunds(mandate.id, { amount }))
      .then((result) => setAnswer({ amount, result }), setError)
      .finally(() => setBusy(false));
  };
  return (
    <section className="panel" aria-labelledby="funds-heading">
      <h2 id="funds-heading">Check funds</h2>
      <p className="muted">
        Ask the customer’s bank whether their account can cover an amount now. Nothing is reserved or collected, and the answer can change
        before you collect.
      </p>
      {mandate.status === 'active' ? (
        <form className="inline-form" onSubmit={check} noValidate>
          <label>
            <span className="field-label">Amount ({currency})</span>
            <input name="amount" type="text" inputMode="decimal" required placeholder="25.00" autoComplete="off" />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Check funds
          </button>
        </form>
      ) : (
        <p role="note" className="alert alert-info">
          Funds can be checked only under an active mandate; this one is {mandate.status.replace('_', ' ')}.
        </p>
      )}
      {answer ? (
        <Notice>
          {answer.result.funds_available
            ? `Funds available: the account can cover ${formatAmount(answer.amount, currency)}.`
            : `Funds not available: the account cannot cover ${formatAmount(answer.amount, currency)} now.`}{' '}
          Checked at <Time iso={answer.result.checked_at} />.
        </Notice>
      ) : null}
      <ErrorAlert error={error} />
    </section>
  );
}
