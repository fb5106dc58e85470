/**
 * Wakes readers of merchants' event streams when this process records events, so a stream
 * answers at once instead of at its next look. Events another replica records are found by the
 * readers' own periodic look (see ListStreamEvents).
 */
export class RecordedEvents {
  private waiters = new Set<() => void>();
  private closed = false;

  /** Called after events were recorded (committed). */
  notify(): void {
    const woken = this.waiters;
    this.waiters = new Set();
    for (const wake of woken) wake();
  }

  /** Shutting down: wakes every reader, and later waits end at once. */
  close(): void {
    this.closed = true;
    this.notify();
  }

  /** Resolves at the next notify(), after `ms`, or when `signal` aborts, whichever comes first. */
  next(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed || signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }

  /** How many readers are waiting (tests, diagnostics). */
  get waiting(): number {
    return this.waiters.size;
  }
}
