import { notFound, validationError } from '@vrp/errors';
import { decideAttempt, findPaymentForBank, markClearing, type Decision, type PaymentRecord } from '../db/payments.js';
import { utcDate } from '../domain/payment-status.js';
import { recordChange } from '../db/events.js';
import type { Deps } from '../deps.js';

/** What the bank reports about one attempt of a payment. */
export type BankReport =
  | { paymentId: string; attempt: number; outcome: 'clearing' }
  | { paymentId: string; attempt: number; outcome: 'settled'; settlementDate: string }
  | { paymentId: string; attempt: number; outcome: 'failed'; failureCode: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Applies the bank's report to the payment's current attempt. Every transition is a conditional
 * update on (attempt, status), so a report about a stale attempt, a repeated report, or one that
 * arrives after the outcome is ignored and the payment is returned as it is.
 */
export async function reportPaymentOutcome(deps: Deps, report: BankReport): Promise<PaymentRecord> {
  const current = await findPaymentForBank(deps.db, report.paymentId);
  if (!current) throw notFound('payment', report.paymentId);
  const at = deps.clock.now();
  const open = { id: current.id, retryCount: report.attempt, status: 'submitted' };
  if (report.outcome === 'clearing') {
    await markClearing(deps.db, open, at);
    return (await findPaymentForBank(deps.db, current.id)) ?? current;
  }
  if (report.outcome === 'settled' && report.settlementDate && !DATE.test(report.settlementDate)) {
    throw validationError('settlement_date', 'must be a date YYYY-MM-DD');
  }
  if (report.outcome === 'failed' && !report.failureCode) throw validationError('failure_code', 'is required for a failure');
  const decision: Decision =
    report.outcome === 'settled'
      ? { status: 'settled', settlementDate: new Date(`${report.settlementDate || utcDate(at)}T00:00:00Z`) }
      : { status: 'failed', failureCode: report.failureCode };
  const changed = await deps.db.$transaction(async (tx) => {
    if (!(await decideAttempt(tx, open, decision, current.bankAckedAt ?? at))) return undefined;
    return recordChange(tx, deps.subjectPrefix, {
      merchantId: current.merchantId,
      paymentId: current.id,
      at,
      entered: report.outcome,
      event: report.outcome === 'settled' ? 'payment.settled' : 'payment.failed',
    });
  });
  if (!changed) return (await findPaymentForBank(deps.db, current.id)) ?? current;
  deps.afterCommit();
  return changed;
}
