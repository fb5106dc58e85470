/**
 * Schedules on the service's pool (or a transaction's connection), each statement a query of
 * sql/schedules.sql typed by pgtyped.
 */
import type { JsonObject } from '@bufbuild/protobuf';
import type { Queryable } from '@vrp/sql';
import type { IntervalRule } from '../domain/charge-dates.js';
import {
  insertCycles as insertCyclesQuery,
  insertSchedule as insertScheduleQuery,
  moveSchedule as moveScheduleQuery,
  pastCycles as pastCyclesQuery,
  pendingCycles as pendingCyclesQuery,
  readSchedule as readScheduleQuery,
  readScheduleForUpdate as readScheduleForUpdateQuery,
  type IPendingCyclesResult,
  type IReadScheduleResult,
} from '../generated/sql/schedules.queries.js';
export { ruleOf } from '../domain/upcoming.js';

/**
 * A stored schedule: the columns every schedule query selects (SCHEDULE_COLUMNS), with the amount
 * as a bigint (integer minor units) and the text columns the service only ever writes narrowed.
 */
export type ScheduleRow = Omit<IReadScheduleResult, 'status' | 'amountMinor' | 'intervalUnit' | 'onLimit' | 'metadata'> & {
  status: 'active' | 'paused' | 'cancelled' | 'completed';
  amountMinor: bigint | null;
  intervalUnit: IntervalRule['unit'] | null;
  onLimit: 'defer' | 'skip';
  metadata: JsonObject;
};

/** A stored cycle: the columns every cycle query selects, with the amount as a bigint and its status narrowed. */
export type CycleRow = Omit<IPendingCyclesResult, 'amountMinor' | 'status'> & {
  amountMinor: bigint;
  status: 'pending' | 'created' | 'skipped';
};

/** A schedule with its pending cycles (by due time), what its response shows. */
export type ScheduleView = ScheduleRow & { pending: CycleRow[] };

/**
 * The columns of a schedule for a row aliased `s`: the select list of every schedule query in
 * sql/schedules.sql and sql/cycles.sql, word for word (test/schedule-columns.test.ts keeps them
 * equal), so the list page's rows have the typed queries' row type. Only the list page uses it.
 */
export const SCHEDULE_COLUMNS = `s.id, s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.status, s.currency, s.amount_minor AS "amountMinor",
       s.interval_unit AS "intervalUnit", s.interval_count AS "intervalCount", s.day_of_month AS "dayOfMonth",
       to_char(s.start_date, 'YYYY-MM-DD') AS "startDate!", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", s.cycle_count AS "cycleCount",
       s.instalments, s.on_limit AS "onLimit", s.retry_enabled AS "retryEnabled", s.max_retries AS "maxRetries",
       s.mandate_frequency AS "mandateFrequency", s.metadata, s.cancel_cause AS "cancelCause", s.payments_created AS "paymentsCreated",
       s.created_at AS "createdAt"`;

/** A schedule as one of the schedule queries returns it, as a ScheduleRow. */
export function toScheduleRow(r: IReadScheduleResult): ScheduleRow {
  return {
    id: r.id,
    merchantId: r.merchantId,
    mandateId: r.mandateId,
    status: r.status as ScheduleRow['status'],
    currency: r.currency,
    amountMinor: r.amountMinor === null ? null : BigInt(r.amountMinor),
    intervalUnit: r.intervalUnit as ScheduleRow['intervalUnit'],
    intervalCount: r.intervalCount,
    dayOfMonth: r.dayOfMonth,
    startDate: r.startDate,
    endDate: r.endDate,
    cycleCount: r.cycleCount,
    instalments: r.instalments,
    onLimit: r.onLimit as ScheduleRow['onLimit'],
    retryEnabled: r.retryEnabled,
    maxRetries: r.maxRetries,
    mandateFrequency: r.mandateFrequency,
    metadata: (r.metadata ?? {}) as JsonObject,
    cancelCause: r.cancelCause,
    paymentsCreated: r.paymentsCreated,
    createdAt: r.createdAt,
  };
}

/** A cycle as one of the cycle queries returns it, as a CycleRow. */
export function toCycleRow(r: IPendingCyclesResult): CycleRow {
  return {
    scheduleId: r.scheduleId,
    chargeDate: r.chargeDate,
    seq: r.seq,
    amountMinor: BigInt(r.amountMinor),
    status: r.status as CycleRow['status'],
    dueAt: r.dueAt,
    attempt: r.attempt,
    deferrals: r.deferrals,
    paymentId: r.paymentId,
  };
}

export type NewSchedule = Omit<ScheduleRow, 'status' | 'cancelCause' | 'paymentsCreated'>;

/** Stores a new schedule (active). */
export async function insertSchedule(db: Queryable, s: NewSchedule): Promise<void> {
  await insertScheduleQuery.run(
    {
      id: s.id,
      merchantId: s.merchantId,
      mandateId: s.mandateId,
      currency: s.currency,
      amountMinor: s.amountMinor?.toString() ?? null,
      intervalUnit: s.intervalUnit,
      intervalCount: s.intervalCount,
      dayOfMonth: s.dayOfMonth,
      startDate: s.startDate,
      endDate: s.endDate,
      cycleCount: s.cycleCount,
      instalments: s.instalments,
      onLimit: s.onLimit,
      retryEnabled: s.retryEnabled,
      maxRetries: s.maxRetries,
      mandateFrequency: s.mandateFrequency,
      // Bound as its JSON text (cast to jsonb in the statement), as written.
      metadata: JSON.stringify(s.metadata),
      createdAt: s.createdAt,
    },
    db,
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
  await insertCyclesQuery.run(
    {
      scheduleId,
      merchantId,
      chargeDates: cycles.map((c) => c.chargeDate),
      seqs: cycles.map((c) => c.seq),
      amounts: cycles.map((c) => c.amountMinor.toString()),
    },
    db,
  );
}

/** One schedule of the merchant with its pending cycles, or null (another merchant's is not found either). */
export async function readSchedule(db: Queryable, merchantId: string, id: string, lock = false): Promise<ScheduleView | null> {
  const [row] = await (lock ? readScheduleForUpdateQuery : readScheduleQuery).run({ id, merchantId }, db);
  if (!row) return null;
  return { ...toScheduleRow(row), pending: await pendingCycles(db, id) };
}

/** A schedule's pending cycles, by due time then charge date. */
export async function pendingCycles(db: Queryable, scheduleId: string): Promise<CycleRow[]> {
  return (await pendingCyclesQuery.run({ scheduleId }, db)).map(toCycleRow);
}

/** A schedule's cycles that were collected or dropped, newest first. */
export async function pastCycles(db: Queryable, scheduleId: string, limit: number): Promise<CycleRow[]> {
  return (await pastCyclesQuery.run({ scheduleId, limit }, db)).map(toCycleRow);
}

/** Moves a schedule from one of `from` to `to` (with a cancel cause when cancelling); false when it was not in `from`. */
export async function moveSchedule(
  db: Queryable,
  id: string,
  from: ScheduleRow['status'][],
  to: ScheduleRow['status'],
  cause: string | null = null,
): Promise<boolean> {
  const { rowCount } = await moveScheduleQuery.runWithCounts({ id, from, to, cause }, db);
  return (rowCount ?? 0) > 0;
}
