/**
 * Cycles as the schedulers work them, each statement a query of sql/cycles.sql typed by pgtyped.
 * A scheduler claims due cycles with FOR UPDATE SKIP LOCKED and leases them (lease_until, on the
 * wall clock) while it creates their payments; every later change is conditional on the cycle
 * still being pending at the attempt claimed, so a scheduler whose lease ran out and another that
 * took the cycle over cannot both move it.
 */
import type { Queryable } from '@vrp/sql';
import { chargeDateOf } from '../domain/charge-dates.js';
import {
  claimDueCycles as claimDueCyclesQuery,
  completeSchedules as completeSchedulesQuery,
  countPaymentsCreated as countPaymentsCreatedQuery,
  deferCycle as deferCycleQuery,
  holdCycle as holdCycleQuery,
  planCycles as planCyclesQuery,
  recordCreated as recordCreatedQuery,
  schedulesByIds as schedulesByIdsQuery,
  schedulesWithoutPending as schedulesWithoutPendingQuery,
  skipCycle as skipCycleQuery,
  skipOverdueCycles as skipOverdueCyclesQuery,
  type IClaimDueCyclesResult,
  type ICompleteSchedulesResult,
  type IRecordCreatedResult,
} from '../generated/sql/cycles.queries.js';
import { ruleOf, toCycleRow, toScheduleRow, type CycleRow, type ScheduleRow } from './schedules.js';

/** A claimed cycle with what its payment needs from its schedule. */
export interface ClaimedCycle
  extends CycleRow, Pick<IClaimDueCyclesResult, 'merchantId' | 'mandateId' | 'currency' | 'maxRetries' | 'mandateFrequency'> {
  onLimit: ScheduleRow['onLimit'];
}

/** A cycle that was collected or dropped: its schedule and place in it. */
type FinishedCycle = IRecordCreatedResult;

/**
 * Claims up to `limit` pending cycles of active schedules that are due on their merchant's clock
 * (the wall clock `wall` plus the merchant's offset, read from merchant_clocks; `aheadMs` is the
 * largest offset, so the index bounds the scan) and not leased, leasing them for `leaseMs`.
 * Concurrent claimers skip each other's rows: each cycle goes to one claimer at a time.
 */
export async function claimDueCycles(db: Queryable, wall: Date, aheadMs: number, limit: number, leaseMs: number): Promise<ClaimedCycle[]> {
  const found = await claimDueCyclesQuery.run({ wall, aheadMs: String(aheadMs), limit, leaseMs: String(leaseMs) }, db);
  return found.map((r) => ({
    ...toCycleRow(r),
    merchantId: r.merchantId,
    mandateId: r.mandateId,
    currency: r.currency,
    onLimit: r.onLimit as ClaimedCycle['onLimit'],
    maxRetries: r.maxRetries,
    mandateFrequency: r.mandateFrequency,
  }));
}

/**
 * Records the payments created for claimed cycles (one statement for all), counts them on their
 * schedules and plans each schedule's next cycle. Returns the ids of the schedules that have no
 * cycle left (the caller completes them). A cycle another scheduler recorded already is left alone.
 */
export async function recordCreated(db: Queryable, created: { cycle: ClaimedCycle; paymentId: string }[]): Promise<string[]> {
  const moved = await recordCreatedQuery.run(
    {
      scheduleIds: created.map((c) => c.cycle.scheduleId),
      chargeDates: created.map((c) => c.cycle.chargeDate),
      attempts: created.map((c) => c.cycle.attempt),
      paymentIds: created.map((c) => c.paymentId),
    },
    db,
  );
  if (moved.length === 0) return [];
  const counts = new Map<string, number>();
  for (const m of moved) counts.set(m.schedule_id, (counts.get(m.schedule_id) ?? 0) + 1);
  await countPaymentsCreatedQuery.run({ ids: [...counts.keys()], counts: [...counts.values()] }, db);
  return planNextCycles(db, moved);
}

/** Plans the cycle after each finished one (interval schedules); returns the schedules with no pending cycle left. */
export async function planNextCycles(db: Queryable, finished: FinishedCycle[]): Promise<string[]> {
  const ids = [...new Set(finished.map((f) => f.schedule_id))];
  const schedules = new Map((await schedulesByIdsQuery.run({ ids }, db)).map(toScheduleRow).map((s) => [s.id, s]));
  const next: { s: ScheduleRow; date: string; seq: number }[] = [];
  for (const f of finished) {
    const s = schedules.get(f.schedule_id);
    const rule = s && ruleOf(s);
    const date = rule ? chargeDateOf(rule, f.seq + 1) : null;
    if (s && date) next.push({ s, date, seq: f.seq + 1 });
  }
  if (next.length > 0) {
    await planCyclesQuery.run(
      {
        ids: next.map((n) => n.s.id),
        chargeDates: next.map((n) => n.date),
        seqs: next.map((n) => n.seq),
        merchantIds: next.map((n) => n.s.merchantId),
        amounts: next.map((n) => n.s.amountMinor!.toString()),
      },
      db,
    );
  }
  const left = await schedulesWithoutPendingQuery.run({ ids }, db);
  return left.map((l) => l.id);
}

/** Completes schedules with no cycle left (active or paused ones); returns those completed with their merchant. */
export async function completeSchedules(db: Queryable, ids: string[]): Promise<ICompleteSchedulesResult[]> {
  if (ids.length === 0) return [];
  return completeSchedulesQuery.run({ ids }, db);
}

/** Moves a claimed cycle to `dueAt` as its next attempt (a limit deferred it); false when it moved on meanwhile. */
export async function deferCycle(db: Queryable, cycle: CycleRow, dueAt: Date): Promise<boolean> {
  const { rowCount } = await deferCycleQuery.runWithCounts(
    { scheduleId: cycle.scheduleId, chargeDate: cycle.chargeDate, attempt: cycle.attempt, dueAt },
    db,
  );
  return (rowCount ?? 0) > 0;
}

/** Drops a claimed cycle; false when it moved on meanwhile. */
export async function skipCycle(db: Queryable, cycle: CycleRow): Promise<boolean> {
  const { rowCount } = await skipCycleQuery.runWithCounts(
    { scheduleId: cycle.scheduleId, chargeDate: cycle.chargeDate, attempt: cycle.attempt },
    db,
  );
  return (rowCount ?? 0) > 0;
}

/** Leaves a claimed cycle pending, not to be claimed again before `until` (wall clock). */
export async function holdCycle(db: Queryable, cycle: CycleRow, until: Date): Promise<void> {
  await holdCycleQuery.run({ scheduleId: cycle.scheduleId, chargeDate: cycle.chargeDate, attempt: cycle.attempt, until }, db);
}

/** Drops the schedule's pending cycles due before `before` (and those planned after them that are too), returning how many. */
export async function skipOverdueCycles(db: Queryable, schedule: ScheduleRow, before: Date): Promise<number> {
  let skipped = 0;
  for (let round = 0; round < 1000; round++) {
    const overdue = await skipOverdueCyclesQuery.run({ scheduleId: schedule.id, before }, db);
    if (overdue.length === 0) break;
    skipped += overdue.length;
    await planNextCycles(db, overdue);
  }
  return skipped;
}
