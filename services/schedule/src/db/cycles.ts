/**
 * Cycles as the schedulers work them, in raw SQL. A scheduler claims due cycles with FOR UPDATE
 * SKIP LOCKED and leases them (lease_until, on the wall clock) while it creates their payments;
 * every later change is conditional on the cycle still being pending at the attempt claimed, so
 * a scheduler whose lease ran out and another that took the cycle over cannot both move it.
 */
import { rows, type Queryable } from '@vrp/sql';
import { chargeDateOf } from '../domain/charge-dates.js';
import { CYCLE_COLUMNS, ruleOf, SCHEDULE_COLUMNS, toCycleRow, toScheduleRow, type CycleRow, type ScheduleRow } from './schedules.js';

/** A claimed cycle with what its payment needs from its schedule. */
export interface ClaimedCycle extends CycleRow {
  merchantId: string;
  mandateId: string;
  currency: string;
  onLimit: 'defer' | 'skip';
  maxRetries: number;
  mandateFrequency: string;
}

/**
 * Claims up to `limit` pending cycles of active schedules that are due on their merchant's clock
 * (the wall clock `wall` plus the merchant's offset, read from merchant_clocks; `aheadMs` is the
 * largest offset, so the index bounds the scan) and not leased, leasing them for `leaseMs`.
 * Concurrent claimers skip each other's rows: each cycle goes to one claimer at a time.
 */
export async function claimDueCycles(db: Queryable, wall: Date, aheadMs: number, limit: number, leaseMs: number): Promise<ClaimedCycle[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    `WITH due AS (
       SELECT c.schedule_id, c.charge_date FROM schedule.cycles c
         JOIN schedule.schedules s ON s.id = c.schedule_id
         LEFT JOIN schedule.merchant_clocks k ON k.merchant_id = c.merchant_id
        WHERE c.status = 'pending' AND c.due_at <= $1::timestamptz + ($2::bigint * interval '1 millisecond')
          AND c.due_at <= $1::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')
          AND (c.lease_until IS NULL OR c.lease_until < $1::timestamptz)
          AND s.status = 'active'
        ORDER BY c.due_at LIMIT $3
        FOR UPDATE OF c SKIP LOCKED)
     UPDATE schedule.cycles c SET lease_until = $1::timestamptz + ($4::bigint * interval '1 millisecond'), updated_at = now()
       FROM due, schedule.schedules s
      WHERE c.schedule_id = due.schedule_id AND c.charge_date = due.charge_date AND s.id = c.schedule_id
     RETURNING ${CYCLE_COLUMNS}, s.merchant_id, s.mandate_id, s.currency, s.on_limit, s.max_retries, s.mandate_frequency`,
    [wall, String(aheadMs), limit, String(leaseMs)],
  );
  return found.map((r) => ({
    ...toCycleRow(r),
    merchantId: r.merchant_id as string,
    mandateId: r.mandate_id as string,
    currency: r.currency as string,
    onLimit: r.on_limit as ClaimedCycle['onLimit'],
    maxRetries: r.max_retries as number,
    mandateFrequency: r.mandate_frequency as string,
  }));
}

/**
 * Records the payments created for claimed cycles (one statement for all), counts them on their
 * schedules and plans each schedule's next cycle. Returns the ids of the schedules that have no
 * cycle left (the caller completes them). A cycle another scheduler recorded already is left alone.
 */
export async function recordCreated(db: Queryable, created: { cycle: ClaimedCycle; paymentId: string }[]): Promise<string[]> {
  const moved = await rows<{ schedule_id: string; seq: number }>(
    db,
    `UPDATE schedule.cycles c SET status = 'created', payment_id = u.payment_id, lease_until = NULL, updated_at = now()
       FROM unnest($1::text[], $2::date[], $3::int[], $4::text[]) AS u(schedule_id, charge_date, attempt, payment_id)
      WHERE c.schedule_id = u.schedule_id AND c.charge_date = u.charge_date AND c.status = 'pending' AND c.attempt = u.attempt
     RETURNING c.schedule_id, c.seq`,
    [
      created.map((c) => c.cycle.scheduleId),
      created.map((c) => c.cycle.chargeDate),
      created.map((c) => c.cycle.attempt),
      created.map((c) => c.paymentId),
    ],
  );
  if (moved.length === 0) return [];
  const counts = new Map<string, number>();
  for (const m of moved) counts.set(m.schedule_id, (counts.get(m.schedule_id) ?? 0) + 1);
  await db.query(
    `UPDATE schedule.schedules s SET payments_created = s.payments_created + u.n, updated_at = now()
       FROM unnest($1::text[], $2::int[]) AS u(id, n) WHERE s.id = u.id`,
    [[...counts.keys()], [...counts.values()]],
  );
  return planNextCycles(db, moved);
}

/** Plans the cycle after each finished one (interval schedules); returns the schedules with no pending cycle left. */
export async function planNextCycles(db: Queryable, finished: { schedule_id: string; seq: number }[]): Promise<string[]> {
  const ids = [...new Set(finished.map((f) => f.schedule_id))];
  const schedules = new Map(
    (await rows<Record<string, unknown>>(db, `SELECT ${SCHEDULE_COLUMNS} FROM schedule.schedules s WHERE s.id = ANY($1::text[])`, [ids]))
      .map(toScheduleRow)
      .map((s) => [s.id, s]),
  );
  const next: { s: ScheduleRow; date: string; seq: number }[] = [];
  for (const f of finished) {
    const s = schedules.get(f.schedule_id);
    const rule = s && ruleOf(s);
    const date = rule ? chargeDateOf(rule, f.seq + 1) : null;
    if (s && date) next.push({ s, date, seq: f.seq + 1 });
  }
  if (next.length > 0) {
    await db.query(
      `INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
       SELECT id, d, seq, m, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest($1::text[], $2::date[], $3::int[], $4::text[], $5::bigint[]) AS u(id, d, seq, m, a)
       ON CONFLICT (schedule_id, charge_date) DO NOTHING`,
      [
        next.map((n) => n.s.id),
        next.map((n) => n.date),
        next.map((n) => n.seq),
        next.map((n) => n.s.merchantId),
        next.map((n) => n.s.amountMinor!.toString()),
      ],
    );
  }
  const left = await rows<{ id: string }>(
    db,
    `SELECT s.id FROM schedule.schedules s WHERE s.id = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending')`,
    [ids],
  );
  return left.map((l) => l.id);
}

/** Completes schedules with no cycle left (active or paused ones); returns those completed with their merchant. */
export async function completeSchedules(db: Queryable, ids: string[]): Promise<{ id: string; merchant_id: string }[]> {
  if (ids.length === 0) return [];
  return rows(
    db,
    `UPDATE schedule.schedules s SET status = 'completed', updated_at = now()
      WHERE s.id = ANY($1::text[]) AND s.status IN ('active', 'paused')
        AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending')
     RETURNING s.id, s.merchant_id`,
    [ids],
  );
}

/** Moves a claimed cycle to `dueAt` as its next attempt (a limit deferred it); false when it moved on meanwhile. */
export async function deferCycle(db: Queryable, cycle: CycleRow, dueAt: Date): Promise<boolean> {
  const result = await db.query(
    `UPDATE schedule.cycles SET due_at = $4, attempt = attempt + 1, deferrals = deferrals + 1, lease_until = NULL, updated_at = now()
      WHERE schedule_id = $1 AND charge_date = $2::date AND status = 'pending' AND attempt = $3`,
    [cycle.scheduleId, cycle.chargeDate, cycle.attempt, dueAt],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Drops a claimed cycle; false when it moved on meanwhile. */
export async function skipCycle(db: Queryable, cycle: CycleRow): Promise<boolean> {
  const result = await db.query(
    `UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()
      WHERE schedule_id = $1 AND charge_date = $2::date AND status = 'pending' AND attempt = $3`,
    [cycle.scheduleId, cycle.chargeDate, cycle.attempt],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Leaves a claimed cycle pending, not to be claimed again before `until` (wall clock). */
export async function holdCycle(db: Queryable, cycle: CycleRow, until: Date): Promise<void> {
  await db.query(
    `UPDATE schedule.cycles SET lease_until = $4, updated_at = now()
      WHERE schedule_id = $1 AND charge_date = $2::date AND status = 'pending' AND attempt = $3`,
    [cycle.scheduleId, cycle.chargeDate, cycle.attempt, until],
  );
}

/** Drops the schedule's pending cycles due before `before` (and those planned after them that are too), returning how many. */
export async function skipOverdueCycles(db: Queryable, schedule: ScheduleRow, before: Date): Promise<number> {
  let skipped = 0;
  for (let round = 0; round < 1000; round++) {
    const overdue = await rows<{ schedule_id: string; seq: number }>(
      db,
      `UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()
        WHERE schedule_id = $1 AND status = 'pending' AND due_at < $2 RETURNING schedule_id, seq`,
      [schedule.id, before],
    );
    if (overdue.length === 0) break;
    skipped += overdue.length;
    await planNextCycles(db, overdue);
  }
  return skipped;
}

export { CYCLE_COLUMNS };
