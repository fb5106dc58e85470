import { schedule } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { member, requiredEnum, requiredTimestamp, storedMetadata } from '../format.js';
import type { ScheduleJson } from '../resources.js';
import { SCHEDULE_CANCEL_CAUSES, SCHEDULE_INTERVAL_UNITS, SCHEDULE_STATUSES } from '../vocabulary.js';

export { SCHEDULE_STATUSES };

export type { ScheduleJson };

const { ScheduleStatus, IntervalUnit, OnLimit } = schedule;

/** Turns a contract Schedule into exactly the JSON the API returns for it (and its events carry). */
export function presentSchedule(s: schedule.Schedule): ScheduleJson {
  const interval = !s.instalments;
  return {
    id: s.id,
    mandate_id: s.mandateId,
    status: requiredEnum(ScheduleStatus, s.status, 'SCHEDULE_STATUS_'),
    amount: interval ? formatAmount(s.amountMinor, s.currency) : null,
    currency: s.currency,
    interval_unit: interval
      ? member(SCHEDULE_INTERVAL_UNITS, requiredEnum(IntervalUnit, s.intervalUnit, 'INTERVAL_UNIT_'), 'schedule.interval_unit')
      : null,
    interval: interval ? s.interval : null,
    day_of_month: s.dayOfMonth === 0 ? null : s.dayOfMonth,
    start_date: s.startDate,
    end_date: s.endDate === '' ? null : s.endDate,
    count: s.count === 0 ? null : s.count,
    on_limit: s.onLimit === OnLimit.SKIP ? 'skip' : 'defer',
    retry: { enabled: s.retryEnabled, max_retries: s.maxRetries },
    metadata: storedMetadata(s.metadata),
    created_at: requiredTimestamp(s.createdAt, 'schedule.created_at'),
    next_charge_date: s.nextChargeDate === '' ? null : s.nextChargeDate,
    upcoming: s.upcoming.map((c) => ({ charge_date: c.chargeDate, amount: formatAmount(c.amountMinor, s.currency) })),
    cancel_cause: s.cancelCause === '' ? null : member(SCHEDULE_CANCEL_CAUSES, s.cancelCause, 'schedule.cancel_cause'),
    payments_created: s.paymentsCreated,
  };
}
