import { ApiError, notFound, validationError } from '@vrp/errors';
import { paymentEvent } from '../db/events.js';
import { decide, markAttemptClearing, readPaymentForBank } from '../db/payment-sql.js';
import type { Decision, PaymentRecord } from '../db/payments.js';
import { utcDate } from '../domain/payment-status.js';
import type { Deps } from '../deps.js';

/** What the bank reports about one attempt of a payment. */
export type BankReport = (
  | { paymentId: string; attempt: number; outcome: 'clearing' }
  | { paymentId: string; attempt: number; outcome: 'settled'; settlementDate: string }
  | { paymentId: string; attempt: number; outcome: 'failed'; failureCode: string }
) & {
  /** The payment's merchant when the bank tells it: the change is dated on that merchant's clock. */
  merchantId?: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Applies the bank's report to the payment's current attempt. Every transition is a conditional
 * update on (attempt, status), so a report about a stale attempt, a repeated report, or one that
 * arrives after the outcome is ignored and the payment is returned as it is.
 */
export async function reportPaymentOutcome(deps: Deps, report: BankReport): Promise<PaymentRecord> {
  const at = deps.clock.now(report.merchantId || undefined);
  const open = { id: report.paymentId, retryCount: report.attempt, status: 'submitted' };
  // The acknowledgement time is the platform's own (wall clock), like the hand-over's: the
  // resubmission sweep measures the bank's silence with it.
  if (report.outcome === 'clearing')
    return (await markAttemptClearing(deps.sql, open, deps.clock.now())) ?? (await currentPayment(deps, report.paymentId));
  if (report.outcome === 'settled' && report.settlementDate && !DATE.test(report.settlementDate)) {
    throw validationError('settlement_date', 'must be a date YYYY-MM-DD');
  }
  if (report.outcome === 'failed' && !report.failureCode) throw validationError('failure_code', 'is required for a failure');
  const decision: Decision =
    report.outcome === 'settled'
      ? { status: 'settled', settlementDate: new Date(`${report.settlementDate || utcDate(at)}T00:00:00Z`) }
      : { status: 'failed', failureCode: report.failureCode };
  const event = paymentEvent(deps.subjectPrefix, report.outcome === 'settled' ? 'payment.settled' : 'payment.failed', at);
  const current = await readPaymentForBank(deps.sql, report.paymentId);
  if (!current) throw notFound('payment', report.paymentId);
  if (current.status !== open.status || current.retryCount !== open.retryCount) return current;
  const changed = await decide(deps.sql, current, decision, at, event);
  if (!changed) return currentPayment(deps, report.paymentId);
  deps.afterCommit();
  return changed;
}

/** The payment as it is, for a report that changed nothing (stale, repeated or late). */
async function currentPayment(deps: Deps, paymentId: string): Promise<PaymentRecord> {
  const payment = await readPaymentForBank(deps.sql, paymentId);
  if (!payment) throw notFound('payment', paymentId);
  return payment;
}

/** One report of a batch: the payment it is about, and the report itself (parsing it may refuse it). */
export interface BatchedReport {
  paymentId: string;
  parse(): BankReport;
}

/**
 * Applies a batch of the bank's reports as reportPaymentOutcome applies each: the reports about
 * one payment in the order given (clearing before settlement), different payments concurrently.
 * Each report settles to undefined (applied, or ignored as stale) or to the ApiError refusing it
 * alone; any other failure (the database is down) fails the whole batch, which the bank sends
 * again (reports are idempotent).
 */
export async function reportPaymentOutcomes(deps: Deps, reports: BatchedReport[]): Promise<(ApiError | undefined)[]> {
  const results: (ApiError | undefined)[] = new Array(reports.length);
  const byPayment = new Map<string, number[]>();
  reports.forEach((r, i) => byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), i]));
  await Promise.all(
    [...byPayment.values()].map(async (indexes) => {
      for (const i of indexes) {
        try {
          await reportPaymentOutcome(deps, reports[i]!.parse());
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          results[i] = err;
        }
      }
    }),
  );
  return results;
}
