import { ApiError, notFound, validationError } from '@vrp/errors';
import { paymentEvent } from '../db/events.js';
import {
  decide,
  decideAll,
  markAttemptClearing,
  readPaymentForBank,
  readPaymentsForBank,
  type Deciding,
  type OutboxRowOf,
} from '../db/payment-sql.js';
import type { Decision, FailureOrigin, PaymentRecord } from '../db/payments.js';
import { utcDate } from '../domain/payment-status.js';
import type { Deps } from '../deps.js';

/** What the bank reports about one attempt of a payment. */
export type BankReport = (
  | { paymentId: string; attempt: number; outcome: 'clearing' }
  | { paymentId: string; attempt: number; outcome: 'settled'; settlementDate: string }
  | { paymentId: string; attempt: number; outcome: 'failed'; failureCode: string; failureOrigin?: FailureOrigin }
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
  const at = deps.clocks.now(report.merchantId || undefined);
  // The acknowledgement time is the platform's own (wall clock), like the hand-over's: the
  // resubmission sweep measures the bank's silence with it.
  if (report.outcome === 'clearing') {
    const open = { id: report.paymentId, retryCount: report.attempt, status: 'submitted' };
    return (await markAttemptClearing(deps.sql, open, deps.clocks.now())) ?? (await currentPayment(deps, report.paymentId));
  }
  const { decision, event } = decisionOf(deps, report, at);
  const current = await readPaymentForBank(deps.sql, report.paymentId);
  if (!current) throw notFound('payment', report.paymentId);
  if (!isOpenAttempt(current, report)) return current;
  const changed = await decide(deps.sql, { current, decision, at, event });
  if (!changed) return currentPayment(deps, report.paymentId);
  deps.afterCommit();
  return changed;
}

type Decisive = Extract<BankReport, { outcome: 'settled' | 'failed' }>;

/** The decision a settlement or failure report makes, and its event; validation_error when the report is malformed. */
function decisionOf(deps: Deps, report: Decisive, at: Date): { decision: Decision; event: OutboxRowOf } {
  if (report.outcome === 'settled' && report.settlementDate && !DATE.test(report.settlementDate)) {
    throw validationError('settlement_date', 'must be a date YYYY-MM-DD');
  }
  if (report.outcome === 'failed' && !report.failureCode) throw validationError('failure_code', 'is required for a failure');
  const decision: Decision =
    report.outcome === 'settled'
      ? { status: 'settled', settlementDate: new Date(`${report.settlementDate || utcDate(at)}T00:00:00Z`) }
      : { status: 'failed', failureCode: report.failureCode, failureOrigin: report.failureOrigin ?? 'bank' };
  return { decision, event: paymentEvent(deps.subjectPrefix, report.outcome === 'settled' ? 'payment.settled' : 'payment.failed', at) };
}

/** Whether the report is about the payment's open attempt (otherwise it is stale, repeated or late). */
const isOpenAttempt = (payment: PaymentRecord, report: BankReport) =>
  payment.status === 'submitted' && payment.retryCount === report.attempt;

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
 * The usual batch, one settlement or failure per payment, takes two statements whatever its size:
 * one read of the payments and one that decides them all. Each report settles to undefined
 * (applied, or ignored as stale) or to the ApiError refusing it alone; any other failure (the
 * database is down) fails the whole batch, which the bank sends again (reports are idempotent).
 */
export async function reportPaymentOutcomes(deps: Deps, reports: BatchedReport[]): Promise<(ApiError | undefined)[]> {
  const results: (ApiError | undefined)[] = new Array(reports.length);
  const byPayment = new Map<string, number[]>();
  reports.forEach((r, i) => byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), i]));
  const decisive: { index: number; report: Decisive }[] = [];
  const oneByOne: number[][] = [];
  for (const indexes of byPayment.values()) {
    const [index] = indexes as [number];
    const report = indexes.length === 1 ? parsed(reports[index]!, index, results) : undefined;
    if (report && report.outcome !== 'clearing') decisive.push({ index, report });
    else if (report || indexes.length > 1) oneByOne.push(indexes);
  }
  await Promise.all([
    decideBatch(deps, decisive, results),
    ...oneByOne.map(async (indexes) => {
      for (const i of indexes) {
        try {
          await reportPaymentOutcome(deps, reports[i]!.parse());
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          results[i] = err;
        }
      }
    }),
  ]);
  return results;
}

/** The report parsed, or undefined with its refusal recorded in `results`. */
function parsed(report: BatchedReport, index: number, results: (ApiError | undefined)[]): BankReport | undefined {
  try {
    return report.parse();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    results[index] = err;
    return undefined;
  }
}

/**
 * Settlements and failures of distinct payments: one statement deciding them all, after one read
 * of the payments this process did not create (or forgot). A payment it created is decided from
 * the record the create left (deps.attempts), which is exact for the decision's event: the
 * update only matches while the payment is still submitted at that attempt, and nothing the event
 * shows changes meanwhile but the clearing status, which the decision sets.
 */
async function decideBatch(deps: Deps, batch: { index: number; report: Decisive }[], results: (ApiError | undefined)[]): Promise<void> {
  if (batch.length === 0) return;
  const current = new Map<string, PaymentRecord>();
  for (const { report } of batch) {
    const created = deps.attempts.take(report.paymentId);
    if (created && created.retryCount === report.attempt) current.set(report.paymentId, created);
  }
  const unknown = batch.map((b) => b.report.paymentId).filter((id) => !current.has(id));
  if (unknown.length > 0) for (const [id, payment] of await readPaymentsForBank(deps.sql, unknown)) current.set(id, payment);
  const decisions: Deciding[] = [];
  for (const { index, report } of batch) {
    const payment = current.get(report.paymentId);
    try {
      const at = deps.clocks.now(report.merchantId || undefined);
      const { decision, event } = decisionOf(deps, report, at);
      if (!payment) throw notFound('payment', report.paymentId);
      if (isOpenAttempt(payment, report)) decisions.push({ current: payment, decision, at, event });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results[index] = err;
    }
  }
  if (decisions.length === 0) return;
  const moved = await decideAll(deps.sql, decisions);
  if (moved.size > 0) deps.afterCommit();
}
