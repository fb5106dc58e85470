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
  /**
   * The least time from the start of one pass to the start of a pass a nudge asks for (default
   * 0): nudges that come sooner are answered together, by one pass at the end of the gap. A
   * pass that drains a backlog (one that may have left work behind) is not held back.
   */
  minGapMs?: number;
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
  /** Ends the idle wait (true: a nudge ended it). */
  let wake: ((byNudge: boolean) => void) | undefined;
  /** Ends the gap before a nudged pass (only stop does: nudges meanwhile go with that pass). */
  let endGap: (() => void) | undefined;
  const mayHaveMore = options.mayHaveMore ?? (() => true);
  const minGapMs = options.minGapMs ?? 0;
  /** Resolves after `ms` (true) or when a nudge comes first (false). */
  const sleep = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const done = (byNudge: boolean) => {
        clearTimeout(timer);
        wake = undefined;
        resolve(byNudge);
      };
      const timer = setTimeout(() => done(false), ms);
      wake = done;
    });
  const gap = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        endGap = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      endGap = done;
    });
  const loop = (async () => {
    let failures = 0;
    let lastStart = -Infinity;
    let askedFor = false;
    while (!stopped) {
      const left = lastStart + minGapMs - performance.now();
      if (askedFor && left > 0) {
        await gap(left);
        if (stopped) break;
      }
      lastStart = performance.now();
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
      askedFor = false;
      if (handled > 0 && mayHaveMore(handled)) continue;
      askedFor = nudged && !failures;
      if (askedFor) continue;
      askedFor = await sleep(failures ? Math.min(options.intervalMs * 2 ** failures, options.maxBackoffMs ?? 5000) : options.intervalMs);
    }
  })();
  return {
    nudge: () => {
      nudged = true;
      wake?.(true);
    },
    async stop() {
      stopped = true;
      wake?.(false);
      endGap?.();
      await loop;
    },
  };
}
