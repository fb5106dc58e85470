/** The statuses a merchant sees on a refund. */
export const REFUND_STATUSES = ['pending_settlement', 'settled', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * The life of a refund request, the durable intent written before the payment books the amount:
 * `open` while booking; `completed` once the refund exists; `abandoned` when the booking must be
 * given back (the refund could not be recorded); `released` once it was given back, or when
 * nothing was booked at all. Never shown to merchants.
 */
export type RequestState = 'open' | 'completed' | 'abandoned' | 'released';

/** What the bank can report about a refund. */
export type RefundOutcome = 'settled' | 'failed';
