/** The resubmission sweeper's statements: attempts the bank left unanswered, and claiming one to send again. */
import type { Queryable } from '@vrp/sql';
import {
  claimForResubmission as claimForResubmissionQuery,
  findUnansweredAttempts as findUnansweredAttemptsQuery,
} from '../generated/sql/payments.queries.js';
import { toPayment } from './payment-sql.js';
import type { Payment } from './payments.js';

/** Open payments whose attempt the bank has not acknowledged since `unackedSince`, or not decided since `undecidedSince`. */
export async function findUnansweredAttempts(db: Queryable, unackedSince: Date, undecidedSince: Date, limit: number): Promise<Payment[]> {
  const found = await findUnansweredAttemptsQuery.run({ unackedSince, undecidedSince, limit }, db);
  return found.map(toPayment);
}

/** Claims an unanswered attempt for resubmission (its clocks restart at `at`); false when another replica or a change got there first. */
export async function claimForResubmission(db: Queryable, payment: Payment, at: Date): Promise<boolean> {
  // bank_acked_at is cleared so the new acknowledgement restarts the decision clock.
  const { rowCount } = await claimForResubmissionQuery.runWithCounts(
    { id: payment.id, retryCount: payment.retryCount, submittedAt: payment.submittedAt, at },
    db,
  );
  return (rowCount ?? 0) > 0;
}
