/**
 * What this process wrote lately and will need once more, at most `capacity` entries (the oldest
 * go first). A later step builds its event from what is remembered here instead of reading the
 * row back (see RecentHold, and the open attempts in report-payment-outcome.ts); an entry not
 * found (written by another replica, or forgotten) sends that step the longer way.
 */
export class RecentlyWritten<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity = 10_000) {}

  add(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The entry of `key`, forgotten as it is taken. */
  take(key: string): V | undefined {
    const value = this.entries.get(key);
    this.entries.delete(key);
    return value;
  }
}

/** A refund hold this process made and did not confirm yet: the payment as the hold read it, and the amount held. */
export interface RecentHold<Payment> {
  merchantId: string;
  paymentId: string;
  amountMinor: bigint;
  /** The payment as the allocation read it, before the hold. */
  before: Payment;
}
