/**
 * Each sandbox merchant's clock runs ahead of the wall clock by an offset that only grows (the
 * gateway's POST /v1/sandbox/clock/advance moves it). A merchant never advanced has offset 0:
 * its now is the wall clock's, for the cost of one Map lookup. Production holds no offsets.
 */
export class MerchantClocks {
  private readonly offsets = new Map<string, number>();
  private max = 0;

  constructor(private readonly wall: () => number = Date.now) {}

  /** The merchant's now; the wall clock's for an unknown (or absent) merchant. */
  now(merchantId?: string): Date {
    return new Date(this.wall() + this.offsetMs(merchantId));
  }

  /** Milliseconds the merchant's clock runs ahead of the wall clock. */
  offsetMs(merchantId?: string): number {
    return merchantId === undefined ? 0 : (this.offsets.get(merchantId) ?? 0);
  }

  /** The largest offset held: due-work queries look that far ahead, then check each row's merchant. */
  maxOffsetMs(): number {
    return this.max;
  }

  /** Takes `offsetMs` unless the merchant's clock is already that far ahead; true when it moved. */
  apply(merchantId: string, offsetMs: number): boolean {
    if (!Number.isSafeInteger(offsetMs) || offsetMs < 0) throw new RangeError(`not a clock offset: ${offsetMs}`);
    if (offsetMs <= this.offsetMs(merchantId)) return false;
    this.offsets.set(merchantId, offsetMs);
    this.max = Math.max(this.max, offsetMs);
    return true;
  }

  /** Merchants whose clock runs ahead, with their offsets. */
  entries(): [string, number][] {
    return [...this.offsets];
  }
}
