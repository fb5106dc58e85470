/**
 * The schedule changes that take several statements, each in one transaction with the events it
 * writes: creating a schedule, moving one (pause, resume, cancel), ending a mandate's schedules
 * and setting one cycle's amount. The use cases decide; these run the statements.
 */
import { transaction, type SqlPool } from '@vrp/sql';
import {
  cancelMandateSchedules as cancelMandateSchedulesQuery,
  planCycle as planCycleQuery,
  setCycleAmount as setCycleAmountQuery,
} from '../generated/sql/schedule-changes.queries.js';
import { completeSchedules, skipOverdueCycles } from './cycles.js';
import { recordScheduleEvent, type ScheduleEventType } from './schedule-events.js';
import {
  insertCycles,
  insertSchedule,
  moveSchedule,
  readSchedule,
  type NewSchedule,
  type ScheduleRow,
  type ScheduleView,
} from './schedules.js';

/** Stores a new schedule, its planned cycles and `schedule.created` together; the schedule as stored. */
export async function insertScheduleWithCycles(
  pool: SqlPool,
  subjectPrefix: string,
  schedule: NewSchedule,
  cycles: { chargeDate: string; seq: number; amountMinor: bigint }[],
  at: Date,
): Promise<ScheduleView> {
  return transaction(pool, async (tx) => {
    await insertSchedule(tx, schedule);
    await insertCycles(tx, schedule.merchantId, schedule.id, cycles);
    await recordScheduleEvent(tx, subjectPrefix, 'schedule.created', schedule.merchantId, schedule.id, at);
    return (await readSchedule(tx, schedule.merchantId, schedule.id))!;
  });
}

/** A move of a schedule's status, with the event it writes. */
export interface ScheduleMove {
  merchantId: string;
  id: string;
  from: ScheduleRow['status'][];
  to: ScheduleRow['status'];
  /** Why it is cancelled (cancels only). */
  cause: string | null;
  event: ScheduleEventType;
  at: Date;
  /** On resume: cycles due before this are dropped (schedule.cycle_skipped each). */
  skipDueBefore: Date | null;
}

/**
 * Moves a schedule under its row lock, with its event, in one transaction. `allowed` sees the
 * schedule as locked (null when the merchant has none by that id) and throws to refuse the move,
 * which then changes nothing. The schedule as it is after the move.
 */
export async function moveScheduleLocked(
  pool: SqlPool,
  subjectPrefix: string,
  move: ScheduleMove,
  allowed: (current: ScheduleView | null) => ScheduleView,
): Promise<ScheduleView> {
  return transaction(pool, async (tx) => {
    const current = allowed(await readSchedule(tx, move.merchantId, move.id, true));
    await moveSchedule(tx, move.id, move.from, move.to, move.cause);
    await recordScheduleEvent(tx, subjectPrefix, move.event, move.merchantId, move.id, move.at);
    if (move.skipDueBefore) {
      const skipped = await skipOverdueCycles(tx, current, move.skipDueBefore);
      for (let i = 0; i < skipped; i++) {
        await recordScheduleEvent(tx, subjectPrefix, 'schedule.cycle_skipped', current.merchantId, current.id, move.at);
      }
      if (skipped && (await completeSchedules(tx, [current.id])).length) {
        await recordScheduleEvent(tx, subjectPrefix, 'schedule.completed', current.merchantId, current.id, move.at);
      }
    }
    return (await readSchedule(tx, move.merchantId, move.id))!;
  });
}

/** Cancels the mandate's active and paused schedules with `cause`, each with schedule.cancelled, in one transaction; how many. */
export async function cancelMandateSchedules(
  pool: SqlPool,
  subjectPrefix: string,
  merchantId: string,
  mandateId: string,
  cause: string,
  at: Date,
): Promise<number> {
  return transaction(pool, async (tx) => {
    const found = await cancelMandateSchedulesQuery.run({ merchantId, mandateId, cause }, tx);
    for (const { id } of found) await recordScheduleEvent(tx, subjectPrefix, 'schedule.cancelled', merchantId, id, at);
    return found.length;
  });
}

/** Why a cycle's amount was not set: the cycle was collected or dropped, or the schedule has no cycle on that date. */
export type CycleAmountRefusal = 'not_pending' | 'no_cycle';

/**
 * Sets the amount of the schedule's cycle on `chargeDate` in one transaction: a planned cycle
 * while it is pending, or a cycle not planned yet (at `seq`, null when the schedule has none on
 * that date) is planned with it. Otherwise it throws `refuse(why)` and changes nothing.
 */
export async function setCycleAmountOn(
  pool: SqlPool,
  cycle: { scheduleId: string; merchantId: string; chargeDate: string; seq: number | null; amountMinor: bigint },
  refuse: (why: CycleAmountRefusal) => Error,
): Promise<void> {
  await transaction(pool, async (tx) => {
    const [updated] = await setCycleAmountQuery.run(
      { scheduleId: cycle.scheduleId, chargeDate: cycle.chargeDate, amountMinor: cycle.amountMinor.toString() },
      tx,
    );
    // A cycle already planned: only while pending (the update above then stands); an unplanned one is planned now with its amount.
    if (updated && updated.status !== 'pending') throw refuse('not_pending');
    if (updated) return;
    if (cycle.seq === null) throw refuse('no_cycle');
    await planCycleQuery.run(
      {
        scheduleId: cycle.scheduleId,
        chargeDate: cycle.chargeDate,
        seq: cycle.seq,
        merchantId: cycle.merchantId,
        amountMinor: cycle.amountMinor.toString(),
      },
      tx,
    );
  });
}
