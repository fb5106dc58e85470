import { bank } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';
import type { Db } from '../db/client.js';
import { markAcknowledged } from '../db/payments.js';
import type { Clock } from '../domain/clock.js';

export type BankClient = ServiceClient<typeof bank.BankService>;

/** The facts of one attempt the bank needs. */
export interface Attempt {
  id: string;
  mandateId: string;
  amountMinor: bigint;
  currency: string;
  /** 0 for the original submission, n for the nth retry. */
  retryCount: number;
}

/**
 * Hands attempts to the bank after their transaction committed. A failed hand-over is not the
 * merchant's problem: the payment stays submitted and unacknowledged, and the resubmission
 * sweeper sends it again (the bank is idempotent per payment and attempt).
 */
export class BankSubmitter {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly client: BankClient,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Submits in the background; `drain` waits for every submission started. */
  submitLater(attempt: Attempt): void {
    const p = this.submit(attempt).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Submits now; true when the bank acknowledged the attempt. Never throws. */
  async submit(attempt: Attempt): Promise<boolean> {
    try {
      await this.client.submitPayment({
        paymentId: attempt.id,
        attempt: attempt.retryCount,
        amountMinor: attempt.amountMinor,
        currency: attempt.currency,
        mandateId: attempt.mandateId,
      });
      // Conditional: a later attempt or an outcome may already have moved the payment on.
      await markAcknowledged(this.db, attempt, this.clock.now());
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
