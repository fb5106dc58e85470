/* @name ReadPayment */
SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
       p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!"
  FROM payment.payments p WHERE p.id = :id! AND p.merchant_id = :merchantId!;

/* @name ReadPaymentsForBank */
SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
       p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!"
  FROM payment.payments p WHERE p.id = ANY(:ids!::text[]);

/* @name InsertSubmitted */
WITH gate AS (
  INSERT INTO payment.mandate_gates (mandate_id, merchant_id) VALUES (:mandateId!, :merchantId!)
  ON CONFLICT (mandate_id) DO UPDATE SET merchant_id = payment.mandate_gates.merchant_id
  RETURNING closed_at IS NOT NULL AS closed,
    CASE WHEN :replica!::boolean THEN terms IS NULL OR terms_version IS DISTINCT FROM :termsVersion!::bigint
         ELSE fence > :termsVersion!::bigint END AS stale),
created AS (
  INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, metadata, period_key, created_at, submitted_at,
                                reference, end_to_end_id, schedule_id, auto_retries)
  SELECT :id!, :merchantId!, :mandateId!, :amountMinor!::bigint, :currency!, 'submitted', 'pending', :metadata!::jsonb, :periodKey, :at!::timestamptz,
         :at!::timestamptz, :reference!, :endToEndId!, :scheduleId, :autoRetries!::int
    FROM gate WHERE NOT closed AND NOT stale
  RETURNING id),
entry AS (
  INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'submitted', :at!::timestamptz FROM created RETURNING seq),
outbox AS (
  INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)
  SELECT :eventId!, :subject!, :payload!::bytea, :at!::timestamptz, :traceparent FROM created)
SELECT (SELECT closed FROM gate) AS closed, (SELECT stale FROM gate) AS stale, (SELECT seq::text FROM entry) AS seq;

/* @name AcknowledgeAll */
UPDATE payment.payments p
   SET bank_acked_at = coalesce(p.bank_acked_at, :at!::timestamptz),
       clearing_status = CASE WHEN a.clearing AND p.clearing_status = 'pending' THEN 'clearing' ELSE p.clearing_status END
  FROM unnest(:ids!::text[], :retryCounts!::int[], :clearing!::bool[]) AS a(id, retry_count, clearing)
 WHERE p.id = a.id AND p.retry_count = a.retry_count AND p.status = 'submitted'
   AND (p.bank_acked_at IS NULL OR (a.clearing AND p.clearing_status = 'pending'));

/* @name MarkAttemptClearing */
UPDATE payment.payments p SET clearing_status = 'clearing', bank_acked_at = :at!
 WHERE p.id = :id! AND p.retry_count = :retryCount! AND p.status = :status! AND p.clearing_status = 'pending'
RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
       p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!";

/* @name DecideAll */
WITH d AS (
  SELECT * FROM unnest(:ids!::text[], :retryCounts!::int[], :fromStatuses!::text[], :statuses!::text[], :clearingStatuses!::text[],
                       :settlementDates!::date[], :failureCodes!::text[], :ats!::timestamptz[], :eventIds!::text[], :subjects!::text[],
                       :payloads!::bytea[], :traceparents!::text[], :nextRetryAts!::timestamptz[], :failureOrigins!::text[])
    AS d(id, retry_count, from_status, status, clearing_status, settlement_date, failure_code, at, event_id, subject, payload, traceparent,
         next_retry_at, failure_origin)),
decided AS (
  UPDATE payment.payments p
     SET status = d.status, clearing_status = d.clearing_status, settlement_date = d.settlement_date, failure_code = d.failure_code,
         failure_origin = d.failure_origin, next_retry_at = d.next_retry_at, bank_acked_at = COALESCE(p.bank_acked_at, d.at)
    FROM d
   WHERE p.id = d.id AND p.retry_count = d.retry_count AND p.status = d.from_status
  RETURNING p.id, p.amount_minor, d.status, d.at, d.event_id, d.subject, d.payload, d.traceparent),
released AS (
       UPDATE payment.payment_usage pu SET counted = false FROM decided
        WHERE pu.payment_id = decided.id AND decided.status = 'failed' AND pu.counted
       RETURNING pu.mandate_id, pu.usage_key, decided.amount_minor),
     given_back AS (
       UPDATE payment.period_usage u SET amount_minor = u.amount_minor - r.amount_minor, payments = u.payments - r.payments
         FROM (SELECT mandate_id, usage_key, sum(amount_minor) AS amount_minor, count(*)::int AS payments FROM released GROUP BY 1, 2) r
        WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key),
entry AS (
  INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, status, at FROM decided RETURNING payment_id, seq),
outbox AS (
  INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)
  SELECT event_id, subject, payload, at, traceparent FROM decided)
SELECT payment_id AS "id!", seq::text AS "seq!" FROM entry;

/* @name ResubmitFailed */
UPDATE payment.payments
   SET status = 'submitted', clearing_status = 'pending', failure_code = NULL, failure_origin = NULL, retry_count = :nextRetryCount!,
       submitted_at = :at!, bank_acked_at = NULL, next_retry_at = NULL
 WHERE id = :id! AND merchant_id = :merchantId! AND status = 'failed' AND retry_count = :retryCount!;

/* @name DropHeldAmount */
UPDATE payment.payments SET amount_held_minor = amount_held_minor - :amountMinor!::bigint WHERE id = :id! AND merchant_id = :merchantId!;

/* @name GiveBackRefunded */
UPDATE payment.payments
   SET amount_refunded_minor = amount_refunded_minor - :amountMinor!::bigint, status = 'settled'
 WHERE id = :id! AND merchant_id = :merchantId!
RETURNING amount_refunded_minor + :amountMinor!::bigint = amount_minor AS "wasFull!";

/* @name FindUnansweredAttempts */
SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
       p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at
  FROM payment.payments p
 WHERE p.status = 'submitted' AND ((p.bank_acked_at IS NULL AND p.submitted_at <= :unackedSince!) OR p.bank_acked_at <= :undecidedSince!)
 ORDER BY p.submitted_at LIMIT :limit!;

/* @name ClaimForResubmission */
UPDATE payment.payments SET submitted_at = :at!, bank_acked_at = NULL
 WHERE id = :id! AND retry_count = :retryCount! AND status = 'submitted' AND submitted_at = :submittedAt!;

/* @name AppendTimelineEntry */
INSERT INTO payment.payment_timeline (payment_id, status, at) VALUES (:paymentId!, :status!, :at!);
