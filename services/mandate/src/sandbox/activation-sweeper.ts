import { startWorkLoop, type WorkLoop } from '@vrp/grpc';
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
  private loop?: WorkLoop;

  constructor(
    private readonly deps: MandateDeps,
    private readonly delayMs: number,
    private readonly logger: Logger,
  ) {}

  /** Checks every min(delay, 500 ms), so a mandate is activated at most one interval late. */
  start(): void {
    this.loop ??= startWorkLoop({
      name: 'sandbox activation sweep',
      // A full batch means more may be due: the loop runs the next pass at once.
      pass: () => activateDueMandates(this.deps, this.delayMs, BATCH_SIZE),
      intervalMs: Math.max(Math.min(this.delayMs, 500), 20),
      logger: this.logger,
    });
  }

  /** Stops the loop and waits for a sweep in progress to commit. */
  async stop(): Promise<void> {
    await this.loop?.stop();
  }
}
