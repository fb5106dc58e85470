/** Merchant-facing lifecycle of a payment. "Open" means submitted. */
export type PaymentStatus = 'submitted' | 'settled' | 'failed' | 'refunded';

/** Where the bank is with the current attempt. */
export type ClearingStatus = 'pending' | 'clearing' | 'cleared' | 'rejected';

/** Today's date in UTC as YYYY-MM-DD (settlement dates are calendar dates). */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}
