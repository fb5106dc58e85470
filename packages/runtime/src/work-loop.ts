import type { Logger } from '@vrp/logging';

/** A background loop (outbox relay, delivery worker, sweeper) owned by a service. */
export interface WorkLoop {
  /** Runs the next pass now instead of after the idle wait. */
  nudge(): void;
  /** Stops after the pass in progress (never cuts one short) and resolves when it ended. */
  stop(): Promise<void>;
}

export interface WorkLoopOptions {
  /** For logs. */
  name: string;
  /**
   * One pass. Return how many items it handled: a pass that handled some is followed at once
   * by the next (drain a backlog); one that handled none waits `intervalMs` or a nudge.
   */
  pass: () => Promise<number | void>;
  /**
   * Whether a pass that handled `handled` items may have left some behind (default: whenever it
   * handled any). A loop whose new work always arrives with a nudge (a LISTEN channel) answers
   * no for less than a full batch, which spares the empty pass after every busy one.
   */
  mayHaveMore?: (handled: number) => boolean;
  intervalMs: number;
  logger: Logger;
  /** After consecutive failures the wait doubles from `intervalMs` up to this (default 5 s). */
  maxBackoffMs?: number;
}

/**
 * The one way services run background work: never two passes at once, failures logged and
 * retried with backoff (a sweeper must outlive the outage it repairs), nudgeable, and a stop
 * that waits for the pass in flight so shutdown never abandons half-done work.
 */
export function startWorkLoop(options: WorkLoopOptions): WorkLoop {
  let stopped = false;
  /** A nudge arrived during a pass: what it announced may have come too late for that pass. */
  let nudged = false;
  let wake: (() => void) | undefined;
  const mayHaveMore = options.mayHaveMore ?? (() => true);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      let handled = 0;
      nudged = false;
      try {
        handled = (await options.pass()) ?? 0;
        failures = 0;
      } catch (err) {
        failures++;
        options.logger.warn(`${options.name} failed; will retry`, { err, failures });
      }
      if (stopped) break;
      if ((handled > 0 && mayHaveMore(handled)) || (nudged && !failures)) continue;
      await sleep(failures ? Math.min(options.intervalMs * 2 ** failures, options.maxBackoffMs ?? 5000) : options.intervalMs);
    }
  })();
  return {
    nudge: () => {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
