import { ApiError, notFound, required } from '@vrp/errors';
import { cancelMandateSchedules, moveScheduleLocked } from '../db/schedule-changes.js';
import type { ScheduleRow, ScheduleView } from '../db/schedules.js';
import type { Deps } from '../deps.js';
import { dateOf, dayStart } from '../domain/charge-dates.js';
import type { ScheduleEventType } from '../db/schedule-events.js';

const MOVES = {
  pause: { from: ['active'], to: 'paused', event: 'schedule.paused' },
  resume: { from: ['paused'], to: 'active', event: 'schedule.resumed' },
  cancel: { from: ['active', 'paused'], to: 'cancelled', event: 'schedule.cancelled' },
} as const satisfies Record<string, { from: ScheduleRow['status'][]; to: ScheduleRow['status']; event: ScheduleEventType }>;

/**
 * Pauses, resumes or cancels (by the merchant) one of the merchant's schedules, with its event, in
 * one transaction under the schedule's row lock. A move its status does not allow is 422
 * invalid_state_transition. On resume, the cycles that fell due while it was paused are dropped
 * (schedule.cycle_skipped each): a customer is not charged for the paused time all at once.
 */
export async function changeSchedule(deps: Deps, merchantId: string, id: string, verb: keyof typeof MOVES): Promise<ScheduleView> {
  required('merchant_id', merchantId);
  const move = MOVES[verb];
  const now = deps.clocks.now(merchantId);
  const view = await moveScheduleLocked(
    deps.sql,
    deps.subjectPrefix,
    {
      merchantId,
      id,
      from: [...move.from],
      to: move.to,
      cause: verb === 'cancel' ? 'merchant' : null,
      event: move.event,
      at: now,
      // The cycles that fell due before today while it was paused.
      skipDueBefore: verb === 'resume' ? dayStart(dateOf(now)) : null,
    },
    (current) => {
      if (!current) throw notFound('schedule', id);
      if (!(move.from as readonly string[]).includes(current.status)) {
        throw new ApiError(
          'invalid_state_transition',
          `A ${current.status} schedule cannot be ${verb === 'cancel' ? 'cancelled' : `${verb}d`}.`,
        );
      }
      return current;
    },
  );
  deps.afterCommit();
  if (verb === 'resume') deps.cyclesDue();
  return view;
}

/**
 * Ends every active or paused schedule of a mandate that was revoked or expired, each with
 * schedule.cancelled carrying the cause. Idempotent: a schedule already ended is left alone.
 */
export async function endMandateSchedules(
  deps: Deps,
  merchantId: string,
  mandateId: string,
  cause: 'mandate_revoked' | 'mandate_expired',
  at: Date,
): Promise<number> {
  const ended = await cancelMandateSchedules(deps.sql, deps.subjectPrefix, merchantId, mandateId, cause, at);
  if (ended) deps.afterCommit();
  return ended;
}
