/** Schedules in raw SQL on the service's pool (or a transaction's connection). */
import type { JsonObject } from '@bufbuild/protobuf';
import { rows, type Queryable } from '@vrp/sql';
import type { IntervalRule } from '../domain/charge-dates.js';
export { ruleOf } from '../domain/upcoming.js';

export interface ScheduleRow {
  id: string;
  merchantId: string;
  mandateId: string;
  status: 'active' | 'paused' | 'cancelled' | 'completed';
  currency: string;
  amountMinor: bigint | null;
  intervalUnit: IntervalRule['unit'] | null;
  intervalCount: number | null;
  dayOfMonth: number | null;
  startDate: string;
  endDate: string | null;
  cycleCount: number | null;
  instalments: boolean;
  onLimit: 'defer' | 'skip';
  retryEnabled: boolean;
  maxRetries: number;
  mandateFrequency: string;
  metadata: JsonObject;
  cancelCause: string | null;
  paymentsCreated: number;
  createdAt: Date;
}

export interface CycleRow {
  scheduleId: string;
  chargeDate: string;
  seq: number;
  amountMinor: bigint;
  status: 'pending' | 'created' | 'skipped';
  dueAt: Date;
  attempt: number;
  deferrals: number;
  paymentId: string | null;
}

/** A schedule with its pending cycles (by due time), what its response shows. */
export type ScheduleView = ScheduleRow & { pending: CycleRow[] };

type Raw = Record<string, unknown>;

export const SCHEDULE_COLUMNS = `s.id, s.merchant_id, s.mandate_id, s.status, s.currency, s.amount_minor::text AS amount_minor, s.interval_unit,
  s.interval_count, s.day_of_month, to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
  s.cycle_count, s.instalments, s.on_limit, s.retry_enabled, s.max_retries, s.mandate_frequency, s.metadata, s.cancel_cause,
  s.payments_created, s.created_at`;

export const CYCLE_COLUMNS = `c.schedule_id, to_char(c.charge_date, 'YYYY-MM-DD') AS charge_date, c.seq, c.amount_minor::text AS amount_minor,
  c.status, c.due_at, c.attempt, c.deferrals, c.payment_id`;

export function toScheduleRow(r: Raw): ScheduleRow {
  return {
    id: r.id as string,
    merchantId: r.merchant_id as string,
    mandateId: r.mandate_id as string,
    status: r.status as ScheduleRow['status'],
    currency: r.currency as string,
    amountMinor: r.amount_minor === null ? null : BigInt(r.amount_minor as string),
    intervalUnit: r.interval_unit as ScheduleRow['intervalUnit'],
    intervalCount: r.interval_count as number | null,
    dayOfMonth: r.day_of_month as number | null,
    startDate: r.start_date as string,
    endDate: r.end_date as string | null,
    cycleCount: r.cycle_count as number | null,
    instalments: r.instalments as boolean,
    onLimit: r.on_limit as ScheduleRow['onLimit'],
    retryEnabled: r.retry_enabled as boolean,
    maxRetries: r.max_retries as number,
    mandateFrequency: r.mandate_frequency as string,
    metadata: (r.metadata ?? {}) as JsonObject,
    cancelCause: r.cancel_cause as string | null,
    paymentsCreated: r.payments_created as number,
    createdAt: r.created_at as Date,
  };
}

export function toCycleRow(r: Raw): CycleRow {
  return {
    scheduleId: r.schedule_id as string,
    chargeDate: r.charge_date as string,
    seq: r.seq as number,
    amountMinor: BigInt(r.amount_minor as string),
    status: r.status as CycleRow['status'],
    dueAt: r.due_at as Date,
    attempt: r.attempt as number,
    deferrals: r.deferrals as number,
    paymentId: r.payment_id as string | null,
  };
}

export type NewSchedule = Omit<ScheduleRow, 'status' | 'cancelCause' | 'paymentsCreated'>;

/** Stores a new schedule (active). */
export async function insertSchedule(db: Queryable, s: NewSchedule): Promise<void> {
  await db.query(
    `INSERT INTO schedule.schedules (id, merchant_id, mandate_id, currency, amount_minor, interval_unit, interval_count, day_of_month,
       start_date, end_date, cycle_count, instalments, on_limit, retry_enabled, max_retries, mandate_frequency, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::bigint, $6, $7, $8, $9::date, $10::date, $11, $12, $13, $14, $15, $16, $17::jsonb, $18, $18)`,
    [
      s.id,
      s.merchantId,
      s.mandateId,
      s.currency,
      s.amountMinor?.toString() ?? null,
      s.intervalUnit,
      s.intervalCount,
      s.dayOfMonth,
      s.startDate,
      s.endDate,
      s.cycleCount,
      s.instalments,
      s.onLimit,
      s.retryEnabled,
      s.maxRetries,
      s.mandateFrequency,
      JSON.stringify(s.metadata),
      s.createdAt,
    ],
  );
}

/** Plans cycles (charge date, sequence, amount) of a schedule; a cycle planned already is kept as it is. */
export async function insertCycles(
  db: Queryable,
  merchantId: string,
  scheduleId: string,
  cycles: { chargeDate: string; seq: number; amountMinor: bigint }[],
): Promise<void> {
  if (cycles.length === 0) return;
  await db.query(
    `INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
     SELECT $1, d, s, $2, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest($3::date[], $4::int[], $5::bigint[]) AS u(d, s, a)
     ON CONFLICT (schedule_id, charge_date) DO NOTHING`,
    [scheduleId, merchantId, cycles.map((c) => c.chargeDate), cycles.map((c) => c.seq), cycles.map((c) => c.amountMinor.toString())],
  );
}

/** One schedule of the merchant with its pending cycles, or null (another merchant's is not found either). */
export async function readSchedule(db: Queryable, merchantId: string, id: string, lock = false): Promise<ScheduleView | null> {
  const [row] = await rows<Raw>(
    db,
    `SELECT ${SCHEDULE_COLUMNS} FROM schedule.schedules s WHERE s.id = $1 AND s.merchant_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, merchantId],
  );
  if (!row) return null;
  return { ...toScheduleRow(row), pending: await pendingCycles(db, id) };
}

/** A schedule's pending cycles, by due time then charge date. */
export async function pendingCycles(db: Queryable, scheduleId: string): Promise<CycleRow[]> {
  const found = await rows<Raw>(
    db,
    `SELECT ${CYCLE_COLUMNS} FROM schedule.cycles c WHERE c.schedule_id = $1 AND c.status = 'pending' ORDER BY c.due_at, c.charge_date LIMIT 50`,
    [scheduleId],
  );
  return found.map(toCycleRow);
}

/** A schedule's cycles that were collected or dropped, newest first. */
export async function pastCycles(db: Queryable, scheduleId: string, limit: number): Promise<CycleRow[]> {
  const found = await rows<Raw>(
    db,
    `SELECT ${CYCLE_COLUMNS} FROM schedule.cycles c WHERE c.schedule_id = $1 AND c.status <> 'pending' ORDER BY c.charge_date DESC LIMIT $2`,
    [scheduleId, limit],
  );
  return found.map(toCycleRow);
}

/** Moves a schedule from one of `from` to `to` (with a cancel cause when cancelling); false when it was not in `from`. */
export async function moveSchedule(
  db: Queryable,
  id: string,
  from: ScheduleRow['status'][],
  to: ScheduleRow['status'],
  cause: string | null = null,
): Promise<boolean> {
  const result = await db.query(
    `UPDATE schedule.schedules SET status = $3, cancel_cause = $4, updated_at = now() WHERE id = $1 AND status = ANY($2::text[])`,
    [id, from, to, cause],
  );
  return (result.rowCount ?? 0) > 0;
}
