/* @name InsertSchedule */
INSERT INTO schedule.schedules (id, merchant_id, mandate_id, currency, amount_minor, interval_unit, interval_count, day_of_month,
  start_date, end_date, cycle_count, instalments, on_limit, retry_enabled, max_retries, mandate_frequency, metadata, created_at, updated_at)
VALUES (:id!, :merchantId!, :mandateId!, :currency!, :amountMinor::bigint, :intervalUnit, :intervalCount, :dayOfMonth, :startDate!::date, :endDate::date,
        :cycleCount, :instalments!, :onLimit!, :retryEnabled!, :maxRetries!, :mandateFrequency!, :metadata!::jsonb, :createdAt!, :createdAt!);

/* @name InsertCycles */
INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
SELECT :scheduleId!, d, s, :merchantId!, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest(:chargeDates!::date[], :seqs!::int[], :amounts!::bigint[]) AS u(d, s, a)
ON CONFLICT (schedule_id, charge_date) DO NOTHING;

/* @name ReadSchedule */
SELECT s.id, s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.status, s.currency, s.amount_minor AS "amountMinor",
       s.interval_unit AS "intervalUnit", s.interval_count AS "intervalCount", s.day_of_month AS "dayOfMonth",
       to_char(s.start_date, 'YYYY-MM-DD') AS "startDate!", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", s.cycle_count AS "cycleCount",
       s.instalments, s.on_limit AS "onLimit", s.retry_enabled AS "retryEnabled", s.max_retries AS "maxRetries",
       s.mandate_frequency AS "mandateFrequency", s.metadata, s.cancel_cause AS "cancelCause", s.payments_created AS "paymentsCreated",
       s.created_at AS "createdAt"
  FROM schedule.schedules s WHERE s.id = :id! AND s.merchant_id = :merchantId!;

/* @name ReadScheduleForUpdate */
SELECT s.id, s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.status, s.currency, s.amount_minor AS "amountMinor",
       s.interval_unit AS "intervalUnit", s.interval_count AS "intervalCount", s.day_of_month AS "dayOfMonth",
       to_char(s.start_date, 'YYYY-MM-DD') AS "startDate!", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", s.cycle_count AS "cycleCount",
       s.instalments, s.on_limit AS "onLimit", s.retry_enabled AS "retryEnabled", s.max_retries AS "maxRetries",
       s.mandate_frequency AS "mandateFrequency", s.metadata, s.cancel_cause AS "cancelCause", s.payments_created AS "paymentsCreated",
       s.created_at AS "createdAt"
  FROM schedule.schedules s WHERE s.id = :id! AND s.merchant_id = :merchantId! FOR UPDATE;

/* @name PendingCycles */
SELECT c.schedule_id AS "scheduleId", to_char(c.charge_date, 'YYYY-MM-DD') AS "chargeDate!", c.seq, c.amount_minor AS "amountMinor",
       c.status, c.due_at AS "dueAt", c.attempt, c.deferrals, c.payment_id AS "paymentId"
  FROM schedule.cycles c WHERE c.schedule_id = :scheduleId! AND c.status = 'pending' ORDER BY c.due_at, c.charge_date LIMIT 50;

/* @name PastCycles */
SELECT c.schedule_id AS "scheduleId", to_char(c.charge_date, 'YYYY-MM-DD') AS "chargeDate!", c.seq, c.amount_minor AS "amountMinor",
       c.status, c.due_at AS "dueAt", c.attempt, c.deferrals, c.payment_id AS "paymentId"
  FROM schedule.cycles c WHERE c.schedule_id = :scheduleId! AND c.status <> 'pending' ORDER BY c.charge_date DESC LIMIT :limit!;

/* @name MoveSchedule */
UPDATE schedule.schedules SET status = :to!, cancel_cause = :cause, updated_at = now() WHERE id = :id! AND status = ANY(:from!::text[]);
