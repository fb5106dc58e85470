import { ApiError, notFound, required } from '@vrp/errors';
import { transaction, type Queryable } from '@vrp/sql';
import { moveSchedule, readSchedule, type ScheduleRow, type ScheduleView } from '../db/schedules.js';
import { completeSchedules, skipOverdueCycles } from '../db/cycles.js';
import type { Deps } from '../deps.js';
import { dateOf, dayStart } from '../domain/charge-dates.js';
import { recordScheduleEvent, type ScheduleEventType } from '../db/schedule-events.js';

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
  const view = await transaction(deps.sql, async (tx) => {
    const current = await readSchedule(tx, merchantId, id, true);
    if (!current) throw notFound('schedule', id);
    if (!(move.from as readonly string[]).includes(current.status)) {
      throw new ApiError(
        'invalid_state_transition',
        `A ${current.status} schedule cannot be ${verb === 'cancel' ? 'cancelled' : `${verb}d`}.`,
      );
    }
    await moveSchedule(tx, id, [...move.from], move.to, verb === 'cancel' ? 'merchant' : null);
    await recordScheduleEvent(tx, deps.subjectPrefix, move.event, merchantId, id, now);
    if (verb === 'resume') await skipWhilePaused(deps, tx, current, now);
    return (await readSchedule(tx, merchantId, id))!;
  });
  deps.afterCommit();
  if (verb === 'resume') deps.cyclesDue();
  return view;
}

/** Drops the cycles of a resumed schedule that fell due before today (each with schedule.cycle_skipped). */
async function skipWhilePaused(deps: Deps, tx: Queryable, schedule: ScheduleView, now: Date): Promise<void> {
  const skipped = await skipOverdueCycles(tx, schedule, dayStart(dateOf(now)));
  for (let i = 0; i < skipped; i++) {
    await recordScheduleEvent(tx, deps.subjectPrefix, 'schedule.cycle_skipped', schedule.merchantId, schedule.id, now);
  }
  if (skipped && (await completeSchedules(tx, [schedule.id])).length) {
    await recordScheduleEvent(tx, deps.subjectPrefix, 'schedule.completed', schedule.merchantId, schedule.id, now);
  }
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
  const ended = await transaction(deps.sql, async (tx) => {
    const found = await tx.query<{ id: string }>(
      `UPDATE schedule.schedules SET status = 'cancelled', cancel_cause = $3, updated_at = now()
        WHERE merchant_id = $1 AND mandate_id = $2 AND status IN ('active', 'paused') RETURNING id`,
      [merchantId, mandateId, cause],
    );
    for (const { id } of found.rows) await recordScheduleEvent(tx, deps.subjectPrefix, 'schedule.cancelled', merchantId, id, at);
    return found.rows.length;
  });
  if (ended) deps.afterCommit();
  return ended;
}
