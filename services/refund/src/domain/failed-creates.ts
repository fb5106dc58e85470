/** A create's refund request, as the give-back needs it. */
export interface FailedCreate {
  merchantId: string;
  paymentId: string;
  id: string;
}

/** More than any outage leaves in one process; beyond it the oldest wait for the stale sweep instead. */
const MAX_KEPT = 10_000;

/**
 * Creates of this process that failed after their hold and could not even mark their request
 * abandoned (the refund database did not answer): their holds stand in the way of the merchant's
 * retries (answered 503 until they are resolved), so the next sweep gives them back as soon as
 * the database answers again, instead of after REFUND_REQUEST_STALE_AFTER. Only this process's
 * memory: after a crash the stale sweep finds them anyway.
 */
export class FailedCreates {
  private readonly byId = new Map<string, FailedCreate>();

  /** Remembers a failed create; false when it was remembered already. */
  add(create: FailedCreate): boolean {
    if (this.byId.has(create.id)) return false;
    if (this.byId.size >= MAX_KEPT) this.byId.delete(this.byId.keys().next().value!);
    this.byId.set(create.id, { merchantId: create.merchantId, paymentId: create.paymentId, id: create.id });
    return true;
  }

  /** Marked abandoned (or found completed or released) at last: nothing left to remember. */
  settled(id: string): void {
    this.byId.delete(id);
  }

  /** Up to `limit` of them, oldest first. */
  take(limit: number): FailedCreate[] {
    return [...this.byId.values()].slice(0, limit);
  }

  get size(): number {
    return this.byId.size;
  }
}
