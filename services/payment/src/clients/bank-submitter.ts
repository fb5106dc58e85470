import { connector } from '@vrp/contracts';
import { Batcher, type ServiceClient } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';
import { acknowledgeAll } from '../db/payment-sql.js';

/** The bank connector, which hands attempts to the customer's bank as Open Banking domestic VRPs. */
export type BankClient = ServiceClient<typeof connector.ConnectorService>;

/** The facts of one attempt the bank needs. */
export interface Attempt {
  id: string;
  mandateId: string;
  merchantId: string;
  amountMinor: bigint;
  currency: string;
  /** 0 for the original submission, n for the nth retry. */
  retryCount: number;
  /** The remittance reference and end-to-end identification, the same on every attempt. */
  reference: string;
  endToEndId: string;
}

/**
 * The least time between the starts of two hand-overs to the bank: an attempt waits at most
 * this long beyond its commit, and at tens of payments per second they travel (and their
 * receipts are recorded) together instead of a call and a statement each.
 */
const SUBMISSION_GAP_MS = 20;

/**
 * Attempts per hand-over, and hand-overs under way at once. The connector sends a hand-over's
 * attempts to the bank a few at a time, so a hand-over of hundreds (a billing run's cycles falling
 * due together) outlasted the call's deadline on a busy machine: the whole batch was then left to
 * the resubmission sweeper, half a minute later. Smaller hand-overs, several at once, keep each
 * within its deadline and the bank as busy.
 */
const SUBMISSION_BATCH = 32;
const SUBMISSIONS_IN_FLIGHT = 4;

/**
 * Hands attempts to the bank after their transaction committed, in batches (SubmitPayments):
 * alone and at once after a quiet spell, together while a hand-over is under way or within
 * SUBMISSION_GAP_MS of the last one; the bank's receipts are recorded with one statement per
 * batch. A failed hand-over is not the merchant's problem: the payment stays submitted and
 * unacknowledged, and the resubmission sweeper sends it again (the bank is idempotent per
 * payment and attempt).
 */
export class BankSubmitter {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly batches: Batcher<Attempt, void>;

  constructor(
    private readonly sql: SqlPool,
    private readonly client: BankClient,
    private readonly clocks: SandboxClocks,
    private readonly logger: Logger,
  ) {
    this.batches = new Batcher<Attempt, void>(
      async (attempts) => {
        const { receipts } = await this.client.submitPayments({
          submissions: attempts.map((a) => ({
            paymentId: a.id,
            attempt: a.retryCount,
            amountMinor: a.amountMinor,
            currency: a.currency,
            mandateId: a.mandateId,
            merchantId: a.merchantId,
            reference: a.reference,
            endToEndId: a.endToEndId,
          })),
        });
        // Conditional: a later attempt or an outcome may already have moved a payment on. A bank
        // that took an attempt into clearing with its receipt sends no separate report of it.
        await acknowledgeAll(
          this.sql,
          attempts.map((a, i) => ({ id: a.id, retryCount: a.retryCount, clearing: receipts[i]?.clearing ?? false })),
          this.clocks.now(),
        );
        return attempts.map(() => undefined);
      },
      { minGapMs: SUBMISSION_GAP_MS, maxBatch: SUBMISSION_BATCH, maxInFlight: SUBMISSIONS_IN_FLIGHT },
    );
  }

  /** Submits in the background; `drain` waits for every submission started. */
  submitLater(attempt: Attempt): void {
    const p = this.submit(attempt).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Submits now; true when the bank acknowledged the attempt. Never throws. */
  async submit(attempt: Attempt): Promise<boolean> {
    try {
      await this.batches.call(attempt);
      return true;
    } catch (err) {
      this.logger.warn('bank submission failed; the sweeper will send it again', {
        payment_id: attempt.id,
        attempt: attempt.retryCount,
        err,
      });
      return false;
    }
  }

  /** Waits for background submissions (shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}
