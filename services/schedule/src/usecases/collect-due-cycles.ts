import { timestampDate } from '@bufbuild/protobuf/wkt';
import { ApiError } from '@vrp/errors';
import { deferCycleWithEvent, recordCreatedCycles, skipCycleWithEvents } from '../db/cycle-changes.js';
import { claimDueCycles, holdCycle, type ClaimedCycle } from '../db/cycles.js';
import type { Deps } from '../deps.js';
import { nextFrequencyPeriod, refusedLimitIndex } from '../domain/limit-periods.js';
import { endMandateSchedules } from './change-schedule.js';

export interface CollectSettings {
  /** Cycles claimed in one transaction. */
  batch: number;
  /** Payments created at the same time. */
  concurrency: number;
  /** How long a claimed cycle is this scheduler's. */
  leaseMs: number;
}

/**
 * The idempotency key of a cycle's payment: the same cycle at the same attempt always asks the
 * payment service for the same payment, so a scheduler that died between creating it and
 * recording it (or whose lease ran out) makes the next claimer get that payment back, not a second.
 */
export const cycleKey = (c: { scheduleId: string; chargeDate: string; attempt: number }) =>
  `schedule:${c.scheduleId}:${c.chargeDate}:${c.attempt}`;

/** How long a cycle waits before it is tried again when the refusal may pass (wall clock, ms). */
const HOLD_MS: Partial<Record<string, number>> = {
  open_payment_exists: 2_000,
  idempotency_key_in_use: 2_000,
  mandate_not_active: 60_000,
  mandate_not_yet_valid: 3_600_000,
};
const DEFAULT_HOLD_MS = 10_000;
/** Refusals no later attempt can pass: the cycle is dropped. */
const HOPELESS = new Set(['amount_exceeds_mandate_limit', 'currency_mismatch', 'mandate_not_found']);

/**
 * One scheduler pass: claims a batch of due cycles, creates their payments (at most
 * `concurrency` at a time), records those created in one transaction and handles each refusal:
 * a limit defers the cycle to the earliest time it allows (or skips it, per the schedule's
 * on_limit), an expired mandate ends the schedule, a passing refusal (an open payment, a
 * suspended mandate, a service down) leaves it for a later pass. Returns how many were claimed.
 */
export async function collectDueCycles(deps: Deps, settings: CollectSettings): Promise<number> {
  const wall = new Date();
  const claimed = await claimDueCycles(deps.sql, wall, deps.clocks.maxOffsetMs(), settings.batch, settings.leaseMs);
  if (claimed.length === 0) return 0;
  const created: { cycle: ClaimedCycle; paymentId: string }[] = [];
  const refused: { cycle: ClaimedCycle; err: unknown }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const cycle = claimed[next++]!;
      try {
        created.push({ cycle, paymentId: await createPaymentFor(deps, cycle) });
      } catch (err) {
        refused.push({ cycle, err });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, claimed.length) }, worker));
  if (created.length > 0) {
    // Recorded in one transaction, which also completes the schedules left with no cycle.
    const completed = await recordCreatedCycles(deps.sql, deps.subjectPrefix, created, (merchantId) => deps.clocks.now(merchantId));
    if (completed) deps.afterCommit();
  }
  for (const { cycle, err } of refused) {
    try {
      await handleRefusal(deps, cycle, err);
    } catch (handling) {
      deps.logger.warn('cycle refusal not recorded; its lease runs out and it is claimed again', {
        schedule_id: cycle.scheduleId,
        charge_date: cycle.chargeDate,
        err: handling,
      });
    }
  }
  return claimed.length;
}

/** Creates (or, repeating the key, gets back) the payment of a cycle; answers its id. */
async function createPaymentFor(deps: Deps, cycle: ClaimedCycle): Promise<string> {
  const key = cycleKey(cycle);
  const out = await deps.payments.createPayment({
    merchantId: cycle.merchantId,
    mandateId: cycle.mandateId,
    amountMinor: cycle.amountMinor,
    currency: cycle.currency,
    metadata: {},
    idempotency: { key, fingerprint: key },
    scheduleId: cycle.scheduleId,
    autoRetries: cycle.maxRetries,
  });
  if (!out.payment) throw new Error('payment service answered without a payment');
  return out.payment.id;
}

async function handleRefusal(deps: Deps, cycle: ClaimedCycle, err: unknown): Promise<void> {
  const code = err instanceof ApiError ? err.code : 'internal_error';
  if (code === 'frequency_limit_reached' || code === 'periodic_limit_exceeded') return limitReached(deps, cycle, err as ApiError);
  if (code === 'mandate_expired') {
    await endMandateSchedules(deps, cycle.merchantId, cycle.mandateId, 'mandate_expired', deps.clocks.now(cycle.merchantId));
    return;
  }
  if (HOPELESS.has(code)) return dropCycle(deps, cycle);
  if (!(err instanceof ApiError))
    deps.logger.warn('payment create failed; the cycle is tried again', { schedule_id: cycle.scheduleId, err });
  await holdCycle(deps.sql, cycle, new Date(Date.now() + (HOLD_MS[code] ?? DEFAULT_HOLD_MS)));
}

/** A limit refused the cycle: deferred to the earliest time the limit allows, or dropped (on_limit). */
async function limitReached(deps: Deps, cycle: ClaimedCycle, err: ApiError): Promise<void> {
  if (cycle.onLimit === 'skip') return dropCycle(deps, cycle);
  const now = deps.clocks.now(cycle.merchantId);
  const dueAt = (await allowedFrom(deps, cycle, err, now)) ?? new Date(now.getTime() + 86_400_000);
  const deferred = await deferCycleWithEvent(deps.sql, deps.subjectPrefix, cycle, dueAt, now);
  if (deferred) deps.afterCommit();
}

/** When the refusing limit's period ends: the frequency's next period, or the periodic limit's current period end. */
async function allowedFrom(deps: Deps, cycle: ClaimedCycle, err: ApiError, now: Date): Promise<Date | null> {
  if (err.code === 'frequency_limit_reached') return nextFrequencyPeriod(cycle.mandateFrequency, now);
  const index = refusedLimitIndex(err.details);
  const { usage } = await deps.payments.getMandateUsage({ merchantId: cycle.merchantId, mandateId: cycle.mandateId });
  const ends = usage
    .filter((u) => index === null || u.limitIndex === index)
    .flatMap((u) => (u.periodEnd ? [timestampDate(u.periodEnd)] : []));
  const later = ends.filter((d) => d > now);
  return later.length ? new Date(Math.min(...later.map((d) => d.getTime()))) : null;
}

/** Drops the cycle with schedule.cycle_skipped, plans the next, and completes the schedule if none is left. */
async function dropCycle(deps: Deps, cycle: ClaimedCycle): Promise<void> {
  const now = deps.clocks.now(cycle.merchantId);
  const skipped = await skipCycleWithEvents(deps.sql, deps.subjectPrefix, cycle, now);
  if (skipped) deps.afterCommit();
}
