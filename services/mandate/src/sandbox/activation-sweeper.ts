import type { Logger } from '@vrp/logging';
import { activateDueMandates } from '../usecases/activate-due-mandates.js';
import type { MandateDeps } from '../usecases/deps.js';

const BATCH_SIZE = 100;

/**
 * In sandbox, mandates become active by themselves `delayMs` after creation. The sweeper finds
 * them in the database rather than holding timers, so activations survive restarts and several
 * replicas can run it side by side (rows are claimed with SKIP LOCKED).
 */
export class ActivationSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly deps: MandateDeps,
    private readonly delayMs: number,
    private readonly logger: Logger,
  ) {}

  /** Checks every min(delay, 500 ms), so a mandate is activated at most one interval late. */
  start(): void {
    const intervalMs = Math.max(Math.min(this.delayMs, 500), 20);
    this.timer = setInterval(() => {
      this.running ??= this.sweep().finally(() => (this.running = undefined));
    }, intervalMs);
  }

  /** Stops the timer and waits for a sweep in progress to commit. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async sweep(): Promise<void> {
    try {
      // Keep going while batches come back full; stop promptly on shutdown.
      while (!this.stopped && (await activateDueMandates(this.deps, this.delayMs, BATCH_SIZE)) === BATCH_SIZE) {
        /* next batch */
      }
    } catch (err) {
      this.logger.warn('sandbox activation sweep failed; will retry', { err });
    }
  }
}
