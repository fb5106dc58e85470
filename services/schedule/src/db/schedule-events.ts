import { insertOutboxEvent, newDomainEvent, type EventType } from '@vrp/outbox';
import type { Queryable } from '@vrp/sql';
import { readSchedule } from './schedules.js';
import { toScheduleMessage } from '../messages.js';

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
  await insertOutboxEvent(
    db,
    'schedule',
    subjectPrefix,
    newDomainEvent(type, merchantId, { case: 'schedule', value: toScheduleMessage(view) }, at),
  );
}
