import { ApiError, notFound, required, validationError } from '@vrp/errors';
import { setCycleAmountOn } from '../db/schedule-changes.js';
import { readSchedule, ruleOf, type ScheduleView } from '../db/schedules.js';
import type { Deps } from '../deps.js';
import { dateOf, seqOfChargeDate } from '../domain/charge-dates.js';
import { amountIn, assertWithinCaps, calendarDate } from '../domain/schedule-input.js';

/**
 * Sets the amount one cycle of the merchant's schedule collects: a pending cycle (planned or
 * still to be, not due yet), named by its charge date. The amount is checked against the
 * mandate's limits as at create. Another date is 404 not_found (no such cycle), a cycle already
 * collected or dropped, or a schedule that ended, 422 invalid_state_transition.
 */
export async function setCycleAmount(
  deps: Deps,
  input: { merchantId: string; id: string; chargeDate: string; amount: string },
): Promise<ScheduleView> {
  const merchantId = required('merchant_id', input.merchantId);
  const chargeDate = calendarDate('charge_date', input.chargeDate);
  const current = await readSchedule(deps.sql, merchantId, input.id);
  if (!current) throw notFound('schedule', input.id);
  if (current.status === 'cancelled' || current.status === 'completed') {
    throw new ApiError('invalid_state_transition', `A ${current.status} schedule's cycles cannot be changed.`);
  }
  const amountMinor = amountIn('amount', input.amount, current.currency);
  const { mandate } = await deps.mandates.getMandate({ merchantId, id: current.mandateId });
  if (mandate) {
    assertWithinCaps('amount', amountMinor, {
      maximumMinor: mandate.maximumAmountMinor,
      periodicMaxMinor: (mandate.controls?.periodicLimits ?? []).map((l) => l.maxAmountMinor),
    });
  }
  if (chargeDate < dateOf(deps.clocks.now(merchantId))) throw validationError('charge_date', 'must not be in the past');
  const rule = ruleOf(current);
  const seq = rule ? seqOfChargeDate(rule, chargeDate) : null;
  await setCycleAmountOn(deps.sql, { scheduleId: current.id, merchantId, chargeDate, seq, amountMinor }, (why) =>
    why === 'not_pending'
      ? new ApiError('invalid_state_transition', 'That cycle has been collected or dropped already.')
      : new ApiError('not_found', `The schedule has no cycle on ${chargeDate}.`, { param: 'charge_date' }),
  );
  return (await readSchedule(deps.sql, merchantId, input.id))!;
}
