import { ApiError, required, validationError } from '@vrp/errors';
import { loadClockOffsets, saveClockOffset, type RawSql } from './clock-store.js';
import { MerchantClocks } from './merchant-clocks.js';

/** The furthest a clock may run ahead (a little over the 400 days one advance may move it, many times over). */
export const MAX_OFFSET_MS = 100 * 366 * 86_400_000;

export interface SandboxClocksOptions {
  /** Off in production: every merchant's now is the wall clock's and SetSandboxClock is refused. */
  enabled: boolean;
  /** The service's database and schema, where offsets are kept (absent: memory only). */
  store?: { db: RawSql; schema: string };
  /** The wall clock (tests). */
  wall?: () => number;
}

/**
 * A service's view of its sandbox merchants' clocks: `now(merchantId)` for its time rules, the
 * offsets kept in its own schema, `set` for the SetSandboxClock RPC (monotonic), and listeners
 * that run the work an advance made due (sweepers, deliveries, settlements).
 */
export class SandboxClocks {
  readonly clocks: MerchantClocks;
  private readonly listeners: ((merchantId: string, movedMs: number) => void)[] = [];
  private readonly preparers: ((merchantId: string, movedMs: number) => Promise<void>)[] = [];
  private refresh?: NodeJS.Timeout;

  constructor(private readonly options: SandboxClocksOptions) {
    this.clocks = new MerchantClocks(options.wall);
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The merchant's now (the wall clock's without a merchant, or in production). */
  now(merchantId?: string): Date {
    return this.clocks.now(merchantId);
  }

  offsetMs(merchantId?: string): number {
    return this.clocks.offsetMs(merchantId);
  }

  maxOffsetMs(): number {
    return this.clocks.maxOffsetMs();
  }

  /**
   * Takes up an offset a caller knows (a sandbox bank that restarted learns it from the next
   * submission), in memory and at once, never lowering one; no listener runs. Ignored in production.
   */
  adopt(merchantId: string, offsetMs: number): void {
    if (this.options.enabled && merchantId && Number.isSafeInteger(offsetMs) && offsetMs > 0 && offsetMs <= MAX_OFFSET_MS) {
      this.clocks.apply(merchantId, offsetMs);
    }
  }

  /** Reads the stored offsets (start-up, and now and then so replicas learn each other's pushes). */
  async load(): Promise<void> {
    const store = this.options.store;
    if (!this.options.enabled || !store) return;
    for (const [merchantId, offsetMs] of await loadClockOffsets(store.db, store.schema)) await this.take(merchantId, offsetMs);
  }

  /**
   * Re-reads the stored offsets every `intervalMs`, so a replica learns of a push another replica
   * took (sandbox only; nothing runs in production or without a store). `stop()` ends it.
   */
  startRefreshing(intervalMs: number, onError: (err: unknown) => void): this {
    if (!this.options.enabled || !this.options.store || this.refresh) return this;
    this.refresh = setInterval(() => void this.load().catch(onError), intervalMs);
    this.refresh.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.refresh);
    this.refresh = undefined;
  }

  /** Calls `listener` with the merchant (and how far it moved, ms) whenever its clock has moved forward. */
  onAdvance(listener: (merchantId: string, movedMs: number) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Awaits `prepare` before the merchant's clock moves forward, so what must change with the
   * time (e.g. timers that ran out in the jump) has changed when the new time is read. If it
   * throws, the clock does not move (and SetSandboxClock fails, to be repeated).
   */
  beforeAdvance(prepare: (merchantId: string, movedMs: number) => Promise<void>): void {
    this.preparers.push(prepare);
  }

  /**
   * SetSandboxClock: stores the offset (never lowering one), applies it and tells the listeners.
   * Answers the offset now held. Refused in production.
   */
  async set(merchantId: string, offsetMs: number | bigint): Promise<number> {
    if (!this.options.enabled) throw new ApiError('not_found', 'Sandbox clocks exist only in sandbox.');
    required('merchant_id', merchantId);
    const offset = Number(offsetMs);
    if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_OFFSET_MS) {
      throw validationError('offset_ms', `must be an integer from 0 to ${MAX_OFFSET_MS}`);
    }
    const store = this.options.store;
    const held = store ? await saveClockOffset(store.db, store.schema, merchantId, offset) : Math.max(offset, this.offsetMs(merchantId));
    await this.take(merchantId, held);
    return this.offsetMs(merchantId);
  }

  private async take(merchantId: string, offsetMs: number): Promise<void> {
    const movedMs = offsetMs - this.offsetMs(merchantId);
    if (movedMs <= 0) return;
    for (const prepare of this.preparers) await prepare(merchantId, movedMs);
    if (!this.clocks.apply(merchantId, offsetMs)) return;
    for (const listener of this.listeners) listener(merchantId, movedMs);
  }
}
