import { randomUUID } from 'node:crypto';
import { bank, payment, refund } from '@vrp/contracts';
import { ApiError, notFound, validationError } from '@vrp/errors';
import type { PlatformReporter } from '../clients/platform-reporter.js';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { CallbackQueue } from '../jobs/callback-queue.js';
import type { Deps } from '../deps.js';
import { isPaymentFailureCode, PAYMENT_FAILURE_CODES } from '../domain/failure-codes.js';

interface Submission {
  reference: string;
  /** The merchant, whose (sandbox) clock the settlement runs on; empty when the caller did not say. */
  merchantId: string;
  /** When, on the merchant's clock (ms), it settles by itself. */
  dueAt?: number;
  attempt: number;
  decided: boolean;
  /** What the bank decided for a refund. */
  refundOutcome?: 'settle' | 'fail';
  timer?: NodeJS.Timeout;
  /** (Re)arms the automatic settlement for the time left on the merchant's clock. */
  rearm?: () => void;
}

export interface SimulatedBankOptions {
  settlementDelayMs: number;
  /**
   * How long a settlement run gathers what falls due before the bank reports it, together (0:
   * each at once). Banks settle in runs; the platform takes a run's outcomes in one call.
   */
  settlementRunMs?: number;
  autoSettle: boolean;
  /** Merchants' clocks: settlement falls due and is dated on the merchant's clock. */
  clocks: Pick<SandboxClocks, 'now' | 'adopt'>;
  /** Today's date in UTC; injectable for tests. */
  today?: () => string;
}

/**
 * The bank as the platform sees it: takes submissions (idempotent per payment attempt / refund),
 * a payment into clearing with its receipt, reports settlement after the configured delay (by
 * callback), and lets the sandbox force an outcome. State lives in memory; callbacks go through
 * the retrying queue.
 */
export class SimulatedBank {
  /** Latest attempt per payment; older attempts are superseded by a retry. */
  private readonly payments = new Map<string, Submission>();
  private readonly refunds = new Map<string, Submission>();

  private readonly reporter: PlatformReporter;
  private readonly queue: CallbackQueue;
  /** The settlement run under way: what fell due since it began, decided together when it ends. */
  private run?: { timer: NodeJS.Timeout; due: (() => void)[] };

  constructor(
    deps: Deps,
    private readonly options: SimulatedBankOptions,
  ) {
    this.reporter = deps.reporter;
    this.queue = deps.callbacks;
  }

  /**
   * Accepts one attempt into clearing and says so in the receipt (no clearing report follows);
   * a repeat of the same attempt changes nothing and answers the same, an older attempt gets its
   * successor's reference and no clearing (it was superseded).
   */
  submitPayment(req: { paymentId: string; attempt: number; merchantId?: string; merchantClockOffsetMs?: bigint }): {
    bankReference: string;
    clearing: boolean;
  } {
    if (!req.paymentId) throw validationError('payment_id', 'is required');
    this.learnClock(req);
    const known = this.payments.get(req.paymentId);
    if (known && known.attempt >= req.attempt) return { bankReference: known.reference, clearing: known.attempt === req.attempt };
    if (known) clearTimeout(known.timer);
    const sub: Submission = { reference: `BNK-${randomUUID()}`, merchantId: req.merchantId ?? '', attempt: req.attempt, decided: false };
    this.payments.set(req.paymentId, sub);
    if (this.options.autoSettle) this.settleWhenDue(sub, () => this.decidePayment(req.paymentId, sub, 'settle'));
    return { bankReference: sub.reference, clearing: true };
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
  submitRefund(req: { refundId: string; merchantId?: string; merchantClockOffsetMs?: bigint }): string {
    if (!req.refundId) throw validationError('refund_id', 'is required');
    this.learnClock(req);
    const known = this.refunds.get(req.refundId);
    if (known) return known.reference;
    const sub: Submission = { reference: `BNK-${randomUUID()}`, merchantId: req.merchantId ?? '', attempt: 0, decided: false };
    this.refunds.set(req.refundId, sub);
    if (this.options.autoSettle) this.settleWhenDue(sub, () => this.decideRefund(req.refundId, sub, 'settle'));
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

  /**
   * The merchant's clock moved forward: settlements that fell due settle now, the others wait
   * only what is left on the new time.
   */
  clockAdvanced(merchantId: string): void {
    for (const sub of [...this.payments.values(), ...this.refunds.values()]) {
      if (sub.merchantId === merchantId && !sub.decided) sub.rearm?.();
    }
  }

  /** Cancels pending settlements (shutdown). */
  stop(): void {
    for (const sub of [...this.payments.values(), ...this.refunds.values()]) clearTimeout(sub.timer);
    clearTimeout(this.run?.timer);
    this.run = undefined;
  }

  /**
   * Arms the automatic settlement SANDBOX_SETTLEMENT_DELAY_MS after now on the merchant's clock;
   * it is decided in the settlement run under way when it falls due.
   */
  private settleWhenDue(sub: Submission, settle: () => void): void {
    sub.dueAt = this.merchantNow(sub) + this.options.settlementDelayMs;
    sub.rearm = () => {
      clearTimeout(sub.timer);
      sub.timer = setTimeout(() => this.inRun(settle), Math.max(0, sub.dueAt! - this.merchantNow(sub)));
    };
    sub.rearm();
  }

  /**
   * Decides `settle` at the end of the settlement run under way, or of one it begins: the first
   * settlement to fall due opens a run, which gathers every other that falls due in the next
   * settlementRunMs, and all are decided at once (their reports travel in one batch). A
   * settlement superseded or forced meanwhile is skipped by its decision.
   */
  private inRun(settle: () => void): void {
    const runMs = this.options.settlementRunMs ?? 0;
    if (runMs <= 0) return settle();
    if (!this.run) {
      const timer = setTimeout(() => {
        const due = this.run?.due ?? [];
        this.run = undefined;
        for (const decide of due) decide();
      }, runMs);
      this.run = { timer, due: [] };
    }
    this.run.due.push(settle);
  }

  /** A merchant's clock as the platform knows it: the sandbox's, after a restart, catches up. */
  private learnClock(req: { merchantId?: string; merchantClockOffsetMs?: bigint }): void {
    if (req.merchantId && req.merchantClockOffsetMs) this.options.clocks.adopt(req.merchantId, Number(req.merchantClockOffsetMs));
  }

  private merchantNow(sub: Submission): number {
    return this.options.clocks.now(sub.merchantId || undefined).getTime();
  }

  private decidePayment(paymentId: string, sub: Submission, decision: string): void {
    if (sub.decided || this.payments.get(paymentId) !== sub) return;
    sub.decided = true;
    clearTimeout(sub.timer);
    if (decision === 'settle') {
      this.reportPayment(paymentId, sub, {
        outcome: payment.BankOutcome.SETTLED,
        settlementDate: this.options.today?.() ?? new Date(this.merchantNow(sub)).toISOString().slice(0, 10),
      });
    } else {
      this.reportPayment(paymentId, sub, { outcome: payment.BankOutcome.FAILED, failureCode: decision });
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
    sub: Submission,
    report: { outcome: payment.BankOutcome; settlementDate?: string; failureCode?: string },
  ): void {
    const { attempt, merchantId } = sub;
    this.queue.enqueue(`payment:${paymentId}`, `payment ${paymentId}#${attempt} ${payment.BankOutcome[report.outcome]}`, () =>
      this.reporter.reportPayment({ paymentId, attempt, merchantId, ...report }),
    );
  }
}
