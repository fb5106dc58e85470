import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import { claimReplay, rearmNextBatch, releaseReplay } from '../db/replay.js';
import type { Deps } from '../deps.js';

/** Events re-armed per transaction: small enough that a batch never holds many event locks for long. */
const BATCH = 500;
/** How long a replica holds a replay it carries out before another may take it over (renewed every batch). */
const LEASE_MS = 60_000;

/**
 * Carries out accepted bulk replays in the background, on any replica: claims the oldest
 * unfinished one (leased), re-arms its events batch by batch, each batch committed with its
 * progress, and marks it done. A replica that stops or dies midway leaves the rest to whichever
 * claims it next (at once after a stop, when the lease ends after a crash).
 */
export class ReplayRunner {
  private loop?: WorkLoop;

  constructor(private readonly deps: Pick<Deps, 'sql' | 'clocks' | 'afterCommit' | 'logger'>) {}

  start(intervalMs: number): void {
    this.loop ??= startWorkLoop({ name: 'replay runner', pass: () => this.runOnce(), intervalMs, logger: this.deps.logger });
  }

  /** Looks for accepted replays now (after one was accepted). */
  nudge(): void {
    this.loop?.nudge();
  }

  /** Carries out one claimed replay (or what is left of it); how many events it re-armed. */
  async runOnce(): Promise<number> {
    const lease = () => new Date(Date.now() + LEASE_MS);
    let replay = await claimReplay(this.deps.sql, lease());
    if (!replay) return 0;
    const started = replay.rearmed;
    for (;;) {
      if (this.stopping) {
        await releaseReplay(this.deps.sql, replay.id);
        break;
      }
      const next = await rearmNextBatch(this.deps.sql, replay, this.deps.clocks.now(replay.merchantId), BATCH, lease());
      if (!next) break;
      replay = next.request;
      this.deps.afterCommit();
      if (next.done) break;
    }
    return Math.max(1, replay.rearmed - started);
  }

  private stopping = false;

  /** Stops after the batch in progress; a replay left unfinished is taken over once its lease ends. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop?.stop();
  }
}
