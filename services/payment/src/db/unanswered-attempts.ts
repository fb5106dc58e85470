/** The resubmission sweeper's statements: attempts the bank left unanswered, and claiming one to send again. */
import { rows, type Queryable } from '@vrp/sql';
import { COLUMNS, toPayment, type PaymentColumns } from './payment-sql.js';
import type { Payment } from './payments.js';

/** Open payments whose attempt the bank has not acknowledged since `unackedSince`, or not decided since `undecidedSince`. */
export async function findUnansweredAttempts(db: Queryable, unackedSince: Date, undecidedSince: Date, limit: number): Promise<Payment[]> {
  const found = await rows<PaymentColumns>(
    db,
    `SELECT ${COLUMNS} FROM payment.payments p
      WHERE p.status = 'submitted' AND ((p.bank_acked_at IS NULL AND p.submitted_at <= $1) OR p.bank_acked_at <= $2)
      ORDER BY p.submitted_at LIMIT $3`,
    [unackedSince, undecidedSince, limit],
  );
  return found.map(toPayment);
}

/** Claims an unanswered attempt for resubmission (its clocks restart at `at`); false when another replica or a change got there first. */
export async function claimForResubmission(db: Queryable, payment: Payment, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    // bank_acked_at is cleared so the new acknowledgement restarts the decision clock.
    `UPDATE payment.payments SET submitted_at = $4, bank_acked_at = NULL
      WHERE id = $1 AND retry_count = $2 AND status = 'submitted' AND submitted_at = $3`,
    [payment.id, payment.retryCount, payment.submittedAt, at],
  );
  return (rowCount ?? 0) > 0;
}
