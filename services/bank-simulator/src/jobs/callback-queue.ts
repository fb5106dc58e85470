import { isClientFault } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';

/**
 * Delivers callbacks to the platform until they succeed, with exponential backoff: the callee
 * may be restarting. Callbacks with the same key run one after another in enqueue order (a
 * payment's clearing report before its settlement). A callee's verdict on the request (4xx) is
 * final and is logged, not retried.
 */
export class CallbackQueue {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly sleepers = new Set<() => void>();
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly backoff: { initialMs: number; maxMs: number } = { initialMs: 100, maxMs: 5000 },
  ) {}

  /** Queues `deliver` behind earlier callbacks of `key`. */
  enqueue(key: string, what: string, deliver: () => Promise<unknown>): void {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.deliverWithRetry(what, deliver));
    this.chains.set(key, next);
    void next.finally(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
  }

  /** Number of callbacks not yet delivered or given up. */
  get pending(): number {
    return this.chains.size;
  }

  /** Stops retrying (wakes every backoff) and waits for the deliveries in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.sleepers) wake();
    await Promise.allSettled([...this.chains.values()]);
  }

  private async deliverWithRetry(what: string, deliver: () => Promise<unknown>): Promise<void> {
    let wait = this.backoff.initialMs;
    for (let attempt = 1; !this.stopped; attempt++) {
      try {
        await deliver();
        return;
      } catch (err) {
        if (isClientFault(err)) {
          this.logger.warn('callback refused by the platform; not retrying', { what, err });
          return;
        }
        this.logger.info('callback failed; retrying', { what, attempt, wait_ms: wait, reason: (err as Error).message });
        await this.sleep(wait);
        wait = Math.min(wait * 2, this.backoff.maxMs);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}
