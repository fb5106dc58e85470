import { ApiError, notFound, required, validationError } from '@vrp/errors';
import { rows, transaction } from '@vrp/sql';
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
  await transaction(deps.sql, async (tx) => {
    const [updated] = await rows<{ status: string }>(
      tx,
      `UPDATE schedule.cycles SET amount_minor = $3, updated_at = now() WHERE schedule_id = $1 AND charge_date = $2::date
       RETURNING status`,
      [current.id, chargeDate, amountMinor.toString()],
    );
    // A cycle already planned: only while pending (the update above then stands); an unplanned one is planned now with its amount.
    if (updated && updated.status !== 'pending')
      throw new ApiError('invalid_state_transition', 'That cycle has been collected or dropped already.');
    if (updated) return;
    if (seq === null) throw new ApiError('not_found', `The schedule has no cycle on ${chargeDate}.`, { param: 'charge_date' });
    await tx.query(
      `INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
       VALUES ($1, $2::date, $3, $4, $5, $2::date::timestamp AT TIME ZONE 'UTC')`,
      [current.id, chargeDate, seq, merchantId, amountMinor.toString()],
    );
  });
  return (await readSchedule(deps.sql, merchantId, input.id))!;
}
