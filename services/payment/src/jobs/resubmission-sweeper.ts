import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';
import { claimForResubmission, findUnansweredAttempts } from '../db/unanswered-attempts.js';
import type { BankSubmitter } from '../clients/bank-submitter.js';

export interface SweeperOptions {
  resubmitAfterMs: number;
  /** Re-send an acknowledged attempt the bank has not decided after this long. */
  decisionTimeoutMs: number;
  intervalMs: number;
  batchSize?: number;
  /** How far the furthest sandbox merchant's clock runs ahead (ms); 0 in production. */
  aheadMs?: () => number;
}

/**
 * Re-sends open payments whose current attempt the bank has not acknowledged within
 * `resubmitAfterMs` (the bank was down, or the acknowledgement was lost), or acknowledged but
 * not decided within `decisionTimeoutMs` (the bank restarted and forgot it). The bank is
 * idempotent per (payment, attempt), so a bank that still has the attempt drops the repeat.
 * Each payment is claimed by moving its submitted_at forward conditionally, so replicas do not
 * send it twice in one round.
 */
export class ResubmissionSweeper {
  private loop?: WorkLoop;
  /** Set by stop(): a round in progress ends after the payment it is sending. */
  private stopping = false;

  constructor(
    private readonly pool: SqlPool,
    private readonly submitter: BankSubmitter,
    private readonly clocks: SandboxClocks,
    private readonly logger: Logger,
    private readonly options: SweeperOptions,
  ) {}

  start(): void {
    this.loop ??= startWorkLoop({
      name: 'bank resubmission sweep',
      pass: () => this.sweepOnce(),
      intervalMs: this.options.intervalMs,
      logger: this.logger,
    });
  }

  /** Stops the loop and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop?.stop();
  }

  /**
   * One round; returns how many payments were re-sent. submitted_at is on the payment's merchant's
   * clock (a sandbox clock may run ahead: the query looks as far ahead as the furthest one, and
   * each payment is checked on its own); bank_acked_at is on the wall clock.
   */
  async sweepOnce(): Promise<number> {
    const now = this.clocks.now();
    const unackedWait = this.options.resubmitAfterMs;
    const found = await findUnansweredAttempts(
      this.pool,
      new Date(now.getTime() + (this.options.aheadMs?.() ?? 0) - unackedWait),
      new Date(now.getTime() - this.options.decisionTimeoutMs),
      this.options.batchSize ?? 100,
    );
    const due = found.filter(
      (p) => p.bankAckedAt !== null || p.submittedAt.getTime() <= this.clocks.now(p.merchantId).getTime() - unackedWait,
    );
    let sent = 0;
    for (const payment of due) {
      if (this.stopping) break;
      if (!(await claimForResubmission(this.pool, payment, this.clocks.now(payment.merchantId)))) continue;
      if (await this.submitter.submit(payment)) sent++;
    }
    if (sent) this.logger.info('resubmitted payments the bank had not acknowledged or decided', { count: sent });
    return sent;
  }
}
