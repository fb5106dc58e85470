/**
 * What a scheduler pass writes about the cycles it claimed, each in one transaction with the
 * events it writes: the payments created, a cycle deferred by a limit, a cycle dropped.
 */
import { transaction, type SqlPool } from '@vrp/sql';
import { completeSchedules, deferCycle, planNextCycles, recordCreated, skipCycle, type ClaimedCycle } from './cycles.js';
import { recordScheduleEvent } from './schedule-events.js';

/**
 * Records the created cycles, plans the next ones and completes the schedules left with none
 * (schedule.completed each, at `now(merchantId)`); how many were completed.
 */
export async function recordCreatedCycles(
  pool: SqlPool,
  subjectPrefix: string,
  created: { cycle: ClaimedCycle; paymentId: string }[],
  now: (merchantId: string) => Date,
): Promise<number> {
  return transaction(pool, async (tx) => {
    const done = await completeSchedules(tx, await recordCreated(tx, created));
    for (const s of done) await recordScheduleEvent(tx, subjectPrefix, 'schedule.completed', s.merchant_id, s.id, now(s.merchant_id));
    return done.length;
  });
}

/** Defers a claimed cycle to `dueAt` with schedule.cycle_deferred; false when it moved on meanwhile. */
export async function deferCycleWithEvent(
  pool: SqlPool,
  subjectPrefix: string,
  cycle: ClaimedCycle,
  dueAt: Date,
  at: Date,
): Promise<boolean> {
  return transaction(pool, async (tx) => {
    if (!(await deferCycle(tx, cycle, dueAt))) return false;
    await recordScheduleEvent(tx, subjectPrefix, 'schedule.cycle_deferred', cycle.merchantId, cycle.scheduleId, at);
    return true;
  });
}

/**
 * Drops a claimed cycle with schedule.cycle_skipped, plans the next, and completes the schedule
 * if none is left (schedule.completed); false when the cycle moved on meanwhile.
 */
export async function skipCycleWithEvents(pool: SqlPool, subjectPrefix: string, cycle: ClaimedCycle, at: Date): Promise<boolean> {
  return transaction(pool, async (tx) => {
    if (!(await skipCycle(tx, cycle))) return false;
    await recordScheduleEvent(tx, subjectPrefix, 'schedule.cycle_skipped', cycle.merchantId, cycle.scheduleId, at);
    const done = await completeSchedules(tx, await planNextCycles(tx, [{ schedule_id: cycle.scheduleId, seq: cycle.seq }]));
    for (const s of done) await recordScheduleEvent(tx, subjectPrefix, 'schedule.completed', s.merchant_id, s.id, at);
    return true;
  });
}
