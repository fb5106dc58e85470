/* @name CancelMandateSchedules */
UPDATE schedule.schedules SET status = 'cancelled', cancel_cause = :cause!, updated_at = now()
 WHERE merchant_id = :merchantId! AND mandate_id = :mandateId! AND status IN ('active', 'paused') RETURNING id;

/* @name SetCycleAmount */
UPDATE schedule.cycles SET amount_minor = :amountMinor!, updated_at = now() WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date
RETURNING status;

/* @name PlanCycle */
INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
VALUES (:scheduleId!, :chargeDate!::date, :seq!, :merchantId!, :amountMinor!, :chargeDate!::date::timestamp AT TIME ZONE 'UTC');
