/* @name ClaimDueCycles */
WITH due AS (
  SELECT c.schedule_id, c.charge_date FROM schedule.cycles c
    JOIN schedule.schedules s ON s.id = c.schedule_id
    LEFT JOIN schedule.merchant_clocks k ON k.merchant_id = c.merchant_id
   WHERE c.status = 'pending' AND c.due_at <= :wall!::timestamptz + (:aheadMs!::bigint * interval '1 millisecond')
     AND c.due_at <= :wall!::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')
     AND (c.lease_until IS NULL OR c.lease_until < :wall!::timestamptz)
     AND s.status = 'active'
   ORDER BY c.due_at LIMIT :limit!
   FOR UPDATE OF c SKIP LOCKED)
UPDATE schedule.cycles c SET lease_until = :wall!::timestamptz + (:leaseMs!::bigint * interval '1 millisecond'), updated_at = now()
  FROM due, schedule.schedules s
 WHERE c.schedule_id = due.schedule_id AND c.charge_date = due.charge_date AND s.id = c.schedule_id
RETURNING c.schedule_id AS "scheduleId", to_char(c.charge_date, 'YYYY-MM-DD') AS "chargeDate!", c.seq, c.amount_minor AS "amountMinor",
       c.status, c.due_at AS "dueAt", c.attempt, c.deferrals, c.payment_id AS "paymentId",
       s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.currency, s.on_limit AS "onLimit", s.max_retries AS "maxRetries",
       s.mandate_frequency AS "mandateFrequency";

/* @name RecordCreated */
UPDATE schedule.cycles c SET status = 'created', payment_id = u.payment_id, lease_until = NULL, updated_at = now()
  FROM unnest(:scheduleIds!::text[], :chargeDates!::date[], :attempts!::int[], :paymentIds!::text[]) AS u(schedule_id, charge_date, attempt, payment_id)
 WHERE c.schedule_id = u.schedule_id AND c.charge_date = u.charge_date AND c.status = 'pending' AND c.attempt = u.attempt
RETURNING c.schedule_id, c.seq;

/* @name CountPaymentsCreated */
UPDATE schedule.schedules s SET payments_created = s.payments_created + u.n, updated_at = now()
  FROM unnest(:ids!::text[], :counts!::int[]) AS u(id, n) WHERE s.id = u.id;

/* @name SchedulesByIds */
SELECT s.id, s.merchant_id AS "merchantId", s.mandate_id AS "mandateId", s.status, s.currency, s.amount_minor AS "amountMinor",
       s.interval_unit AS "intervalUnit", s.interval_count AS "intervalCount", s.day_of_month AS "dayOfMonth",
       to_char(s.start_date, 'YYYY-MM-DD') AS "startDate!", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate", s.cycle_count AS "cycleCount",
       s.instalments, s.on_limit AS "onLimit", s.retry_enabled AS "retryEnabled", s.max_retries AS "maxRetries",
       s.mandate_frequency AS "mandateFrequency", s.metadata, s.cancel_cause AS "cancelCause", s.payments_created AS "paymentsCreated",
       s.created_at AS "createdAt"
  FROM schedule.schedules s WHERE s.id = ANY(:ids!::text[]);

/* @name PlanCycles */
INSERT INTO schedule.cycles (schedule_id, charge_date, seq, merchant_id, amount_minor, due_at)
SELECT id, d, seq, m, a, d::timestamp AT TIME ZONE 'UTC' FROM unnest(:ids!::text[], :chargeDates!::date[], :seqs!::int[], :merchantIds!::text[], :amounts!::bigint[]) AS u(id, d, seq, m, a)
ON CONFLICT (schedule_id, charge_date) DO NOTHING;

/* @name SchedulesWithoutPending */
SELECT s.id FROM schedule.schedules s WHERE s.id = ANY(:ids!::text[])
   AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending');

/* @name CompleteSchedules */
UPDATE schedule.schedules s SET status = 'completed', updated_at = now()
 WHERE s.id = ANY(:ids!::text[]) AND s.status IN ('active', 'paused')
   AND NOT EXISTS (SELECT 1 FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'pending')
RETURNING s.id, s.merchant_id;

/* @name DeferCycle */
UPDATE schedule.cycles SET due_at = :dueAt!, attempt = attempt + 1, deferrals = deferrals + 1, lease_until = NULL, updated_at = now()
 WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!;

/* @name SkipCycle */
UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()
 WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!;

/* @name HoldCycle */
UPDATE schedule.cycles SET lease_until = :until!, updated_at = now()
 WHERE schedule_id = :scheduleId! AND charge_date = :chargeDate!::date AND status = 'pending' AND attempt = :attempt!;

/* @name SkipOverdueCycles */
UPDATE schedule.cycles SET status = 'skipped', lease_until = NULL, updated_at = now()
 WHERE schedule_id = :scheduleId! AND status = 'pending' AND due_at < :before! RETURNING schedule_id, seq;
