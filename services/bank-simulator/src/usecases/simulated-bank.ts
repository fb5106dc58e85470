import { randomUUID } from 'node:crypto';
import { bank, payment, refund } from '@vrp/contracts';
import { ApiError, notFound, validationError } from '@vrp/errors';
import type { PlatformReporter } from '../clients/platform-reporter.js';
import type { CallbackQueue } from '../jobs/callback-queue.js';
import type { Deps } from '../deps.js';
import { isPaymentFailureCode, PAYMENT_FAILURE_CODES } from '../domain/failure-codes.js';

interface Submission {
  reference: string;
  attempt: number;
  decided: boolean;
  /** What the bank decided for a refund. */
  refundOutcome?: 'settle' | 'fail';
  timer?: NodeJS.Timeout;
}

export interface SimulatedBankOptions {
  settlementDelayMs: number;
  autoSettle: boolean;
  /** Today's date in UTC; injectable for tests. */
  today?: () => string;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The bank as the platform sees it: takes submissions (idempotent per payment attempt / refund),
 * reports clearing at once and settlement after the configured delay, and lets the sandbox force
 * an outcome. State lives in memory; callbacks go through the retrying queue.
 */
export class SimulatedBank {
  /** Latest attempt per payment; older attempts are superseded by a retry. */
  private readonly payments = new Map<string, Submission>();
  private readonly refunds = new Map<string, Submission>();

  private readonly reporter: PlatformReporter;
  private readonly queue: CallbackQueue;

  constructor(
    deps: Deps,
    private readonly options: SimulatedBankOptions,
  ) {
    this.reporter = deps.reporter;
    this.queue = deps.callbacks;
  }

  /** Accepts one attempt; a repeat of the same (or an older) attempt changes nothing. */
  submitPayment(req: { paymentId: string; attempt: number }): string {
    if (!req.paymentId) throw validationError('payment_id', 'is required');
    const known = this.payments.get(req.paymentId);
    if (known && known.attempt >= req.attempt) return known.reference;
    if (known) clearTimeout(known.timer);
    const sub: Submission = { reference: `BNK-${randomUUID()}`, attempt: req.attempt, decided: false };
    this.payments.set(req.paymentId, sub);
    this.reportPayment(req.paymentId, sub.attempt, { outcome: payment.BankOutcome.CLEARING });
    if (this.options.autoSettle)
      sub.timer = setTimeout(() => this.decidePayment(req.paymentId, sub, 'settle'), this.options.settlementDelayMs);
    return sub.reference;
  }

  /** Settles or fails a payment's current attempt now (sandbox simulators). */
  forcePaymentOutcome(req: { paymentId: string; outcome: bank.ForcedOutcome; failureCode: string }): void {
    const sub = this.payments.get(req.paymentId);
    if (!sub) throw notFound('payment', req.paymentId);
    if (req.outcome === bank.ForcedOutcome.FAIL && !isPaymentFailureCode(req.failureCode)) {
      throw validationError('failure_code', `must be one of ${PAYMENT_FAILURE_CODES.join(', ')}`);
    }
    if (req.outcome !== bank.ForcedOutcome.FAIL && req.outcome !== bank.ForcedOutcome.SETTLE)
      throw validationError('outcome', 'must be settle or fail');
    if (sub.decided) throw new ApiError('invalid_state_transition', 'The bank has already decided this payment attempt.');
    this.decidePayment(req.paymentId, sub, req.outcome === bank.ForcedOutcome.FAIL ? req.failureCode : 'settle');
  }

  /** Accepts a refund; a repeat of the same refund id changes nothing. */
  submitRefund(req: { refundId: string }): string {
    if (!req.refundId) throw validationError('refund_id', 'is required');
    const known = this.refunds.get(req.refundId);
    if (known) return known.reference;
    const sub: Submission = { reference: `BNK-${randomUUID()}`, attempt: 0, decided: false };
    this.refunds.set(req.refundId, sub);
    if (this.options.autoSettle)
      sub.timer = setTimeout(() => this.decideRefund(req.refundId, sub, 'settle'), this.options.settlementDelayMs);
    return sub.reference;
  }

  /**
   * Settles or rejects a refund now (sandbox simulators). Repeating the decision the bank already
   * made is a no-op; contradicting it is invalid_state_transition.
   */
  forceRefundSettlement(refundId: string, outcome: 'settle' | 'fail' = 'settle'): void {
    const sub = this.refunds.get(refundId);
    if (!sub) throw notFound('refund', refundId);
    if (sub.decided && sub.refundOutcome !== outcome)
      throw new ApiError('invalid_state_transition', `The bank already decided to ${sub.refundOutcome} this refund.`);
    this.decideRefund(refundId, sub, outcome);
  }

  /** Cancels pending settlements (shutdown). */
  stop(): void {
    for (const sub of [...this.payments.values(), ...this.refunds.values()]) clearTimeout(sub.timer);
  }

  private decidePayment(paymentId: string, sub: Submission, decision: string): void {
    if (sub.decided || this.payments.get(paymentId) !== sub) return;
    sub.decided = true;
    clearTimeout(sub.timer);
    if (decision === 'settle') {
      this.reportPayment(paymentId, sub.attempt, {
        outcome: payment.BankOutcome.SETTLED,
        settlementDate: (this.options.today ?? todayUtc)(),
      });
    } else {
      this.reportPayment(paymentId, sub.attempt, { outcome: payment.BankOutcome.FAILED, failureCode: decision });
    }
  }

  private decideRefund(refundId: string, sub: Submission, outcome: 'settle' | 'fail'): void {
    if (sub.decided) return;
    sub.decided = true;
    sub.refundOutcome = outcome;
    clearTimeout(sub.timer);
    const reported = outcome === 'settle' ? refund.RefundOutcome.SETTLED : refund.RefundOutcome.FAILED;
    this.queue.enqueue(`refund:${refundId}`, `refund ${refundId} ${outcome === 'settle' ? 'settled' : 'rejected'}`, () =>
      this.reporter.reportRefund({ refundId, outcome: reported }),
    );
  }

  private reportPayment(
    paymentId: string,
    attempt: number,
    report: { outcome: payment.BankOutcome; settlementDate?: string; failureCode?: string },
  ): void {
    this.queue.enqueue(`payment:${paymentId}`, `payment ${paymentId}#${attempt} ${payment.BankOutcome[report.outcome]}`, () =>
      this.reporter.reportPayment({ paymentId, attempt, ...report }),
    );
  }
}
