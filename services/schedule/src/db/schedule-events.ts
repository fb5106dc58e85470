import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { schedule as pb } from '@vrp/contracts';
import { newDomainEvent, outboxRow, type EventType } from '@vrp/outbox';
import type { Queryable } from '@vrp/sql';
import { upcomingCycles } from '../domain/upcoming.js';
import { insertOutboxEvent } from '../generated/sql/schedule-events.queries.js';
import { readSchedule, type ScheduleView } from './schedules.js';

const STATUS: Record<ScheduleView['status'], pb.ScheduleStatus> = {
  active: pb.ScheduleStatus.ACTIVE,
  paused: pb.ScheduleStatus.PAUSED,
  cancelled: pb.ScheduleStatus.CANCELLED,
  completed: pb.ScheduleStatus.COMPLETED,
};
export const UNIT: Record<string, pb.IntervalUnit> = {
  day: pb.IntervalUnit.DAY,
  week: pb.IntervalUnit.WEEK,
  month: pb.IntervalUnit.MONTH,
  year: pb.IntervalUnit.YEAR,
};

/** The contract message of a schedule (also the resource its events carry). */
export function toScheduleMessage(view: ScheduleView): pb.Schedule {
  const upcoming = upcomingCycles(view);
  return create(pb.ScheduleSchema, {
    id: view.id,
    merchantId: view.merchantId,
    mandateId: view.mandateId,
    status: STATUS[view.status],
    currency: view.currency,
    amountMinor: view.amountMinor ?? 0n,
    intervalUnit: view.intervalUnit ? UNIT[view.intervalUnit] : pb.IntervalUnit.UNSPECIFIED,
    interval: view.intervalCount ?? 0,
    dayOfMonth: view.dayOfMonth ?? 0,
    startDate: view.startDate,
    endDate: view.endDate ?? '',
    count: view.cycleCount ?? 0,
    onLimit: view.onLimit === 'skip' ? pb.OnLimit.SKIP : pb.OnLimit.DEFER,
    retryEnabled: view.retryEnabled,
    maxRetries: view.maxRetries,
    metadata: view.metadata,
    createdAt: timestampFromDate(view.createdAt),
    nextChargeDate: upcoming[0]?.chargeDate ?? '',
    upcoming: upcoming.map((c) => create(pb.CycleSchema, { chargeDate: c.chargeDate, amountMinor: c.amountMinor, status: 'pending' })),
    cancelCause: view.cancelCause ?? '',
    instalments: view.instalments,
    paymentsCreated: view.paymentsCreated,
  });
}

/** The schedule events the service publishes. */
export type ScheduleEventType = Extract<EventType, `schedule.${string}`>;

/**
 * Writes `type` about a schedule into the outbox, inside the caller's transaction, carrying the
 * schedule as it is after the change (read on the same connection). `at` is the merchant's time.
 */
export async function recordScheduleEvent(
  db: Queryable,
  subjectPrefix: string,
  type: ScheduleEventType,
  merchantId: string,
  scheduleId: string,
  at: Date,
): Promise<void> {
  const view = await readSchedule(db, merchantId, scheduleId);
  if (!view) throw new Error(`schedule ${scheduleId} vanished`);
  const row = outboxRow(subjectPrefix, newDomainEvent(type, merchantId, { case: 'schedule', value: toScheduleMessage(view) }, at));
  await insertOutboxEvent.run(
    { eventId: row.eventId, subject: row.subject, payload: Buffer.from(row.payload), traceparent: row.traceparent },
    db,
  );
}
