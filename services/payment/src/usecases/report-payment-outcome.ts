import { notFound, validationError } from '@vrp/errors';
import { findPaymentForBank, type PaymentRecord } from '../db/payments-repo.js';
import { utcDate } from '../domain/payment-status.js';
import { recordChange } from '../events/record-change.js';
import type { PaymentContext } from './context.js';

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
export async function reportPaymentOutcome(ctx: PaymentContext, report: BankReport): Promise<PaymentRecord> {
  const current = await findPaymentForBank(ctx.db, report.paymentId);
  if (!current) throw notFound('payment', report.paymentId);
  const at = ctx.clock.now();
  const open = { id: current.id, retryCount: report.attempt, status: 'submitted' };
  if (report.outcome === 'clearing') {
    await ctx.db.payment.updateMany({
      where: { ...open, clearingStatus: 'pending' },
      data: { clearingStatus: 'clearing', bankAckedAt: at },
    });
    return (await findPaymentForBank(ctx.db, current.id)) ?? current;
  }
  if (report.outcome === 'settled' && report.settlementDate && !DATE.test(report.settlementDate)) {
    throw validationError('settlement_date', 'must be a date YYYY-MM-DD');
  }
  if (report.outcome === 'failed' && !report.failureCode) throw validationError('failure_code', 'is required for a failure');
  const data =
    report.outcome === 'settled'
      ? { status: 'settled', clearingStatus: 'cleared', settlementDate: new Date(`${report.settlementDate || utcDate(at)}T00:00:00Z`) }
      : { status: 'failed', clearingStatus: 'rejected', failureCode: report.failureCode };
  const changed = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({ where: open, data: { ...data, bankAckedAt: current.bankAckedAt ?? at } });
    if (count === 0) return undefined;
    return recordChange(tx, ctx.subjectPrefix, {
      merchantId: current.merchantId,
      paymentId: current.id,
      at,
      entered: report.outcome,
      event: report.outcome === 'settled' ? 'payment.settled' : 'payment.failed',
    });
  });
  if (!changed) return (await findPaymentForBank(ctx.db, current.id)) ?? current;
  ctx.eventsWritten();
  return changed;
}
