/** A refund hold this process made: the payment as the hold read it, and the amount held. */
export interface RecentHold<Payment> {
  merchantId: string;
  paymentId: string;
  amountMinor: bigint;
  /** The payment as the allocation read it, before the hold. */
  before: Payment;
}

/**
 * The refund holds this process made and that are not confirmed yet, at most `capacity` of them
 * (the oldest go first). Their confirmation builds payment.refunded from them beforehand (see
 * confirm-refund.ts); one not found here (made by another replica, or forgotten) is confirmed the
 * longer way.
 */
export class RecentHolds<Payment> {
  private readonly holds = new Map<string, RecentHold<Payment>>();

  constructor(private readonly capacity = 10_000) {}

  add(refundId: string, hold: RecentHold<Payment>): void {
    this.holds.delete(refundId);
    this.holds.set(refundId, hold);
    if (this.holds.size > this.capacity) this.holds.delete(this.holds.keys().next().value!);
  }

  /** The hold of `refundId`, forgotten as it is taken. */
  take(refundId: string): RecentHold<Payment> | undefined {
    const hold = this.holds.get(refundId);
    this.holds.delete(refundId);
    return hold;
  }
}
