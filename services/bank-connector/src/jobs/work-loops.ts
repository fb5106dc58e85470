import type { Logger } from '@vrp/logging';
import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { reportMandateChanges, reportPaymentOutcomes, reportRefundOutcomes } from '../usecases/report-outcomes.js';
import { pushClocks, settleDue } from '../usecases/sandbox-settlements.js';
import { trackDuePayments, trackDueRefunds, watchConsents } from '../usecases/track-due.js';

/** The connector's background loops, stopped together. */
export interface WorkLoops {
  /** Wakes every loop (work was recorded or fell due). */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * Starts the connector's background work, each a loop that several replicas can run at once (their
 * claims skip what another holds) and that survives restarts (what is due lives in the database):
 * - the payment and refund trackers (submit again what the bank has not taken, read back what it
 *   has not decided, backing off from seconds to minutes);
 * - the reporters (outcomes to the payment and refund services, revocations and suspensions to the
 *   mandate service), each report retried until acknowledged;
 * - the consent watcher (authorised consents read back slowly, for banks that send no notifications);
 * - in sandbox, the auto-settlement and the clock pushes to the model bank's back office.
 */
export function startWorkLoops(deps: Deps, options: { intervalMs: number; logger: Logger; sandbox: boolean }): WorkLoops {
  const loop = (name: string, pass: () => Promise<number>, intervalMs = options.intervalMs) =>
    startWorkLoop({ name, pass, intervalMs, logger: options.logger, maxBackoffMs: 30_000 });
  const loops: WorkLoop[] = [
    loop('payment tracker', () => trackDuePayments(deps)),
    loop('refund tracker', () => trackDueRefunds(deps)),
    loop('payment outcome reporter', () => reportPaymentOutcomes(deps)),
    loop('refund outcome reporter', () => reportRefundOutcomes(deps)),
    loop('mandate reporter', () => reportMandateChanges(deps)),
    loop('consent watcher', () => watchConsents(deps), Math.max(options.intervalMs, 5000)),
  ];
  if (options.sandbox) {
    loops.push(
      loop('sandbox settlement', () => settleDue(deps)),
      loop('sandbox clock push', () => pushClocks(deps)),
    );
  }
  return {
    nudge: () => loops.forEach((l) => l.nudge()),
    stop: async () => {
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
}
