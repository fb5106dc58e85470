/* @name FindAllocation */
SELECT refund_id, merchant_id, payment_id, amount_minor::text AS "amount_minor!", created_at, released_at, confirmed_at
  FROM payment.refund_allocations WHERE refund_id = :refundId!;

/* @name UnresolvedAllocations */
SELECT refund_id, merchant_id, payment_id, amount_minor::text AS "amount_minor!", created_at, released_at, confirmed_at
  FROM payment.refund_allocations
 WHERE released_at IS NULL AND confirmed_at IS NULL AND created_at < :createdBefore!
 ORDER BY created_at LIMIT :limit!;

/* @name UncertainHeldAmount */
SELECT coalesce(sum(amount_minor), 0)::text AS "held!" FROM payment.refund_allocations
 WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND released_at IS NULL AND confirmed_at IS NULL
   AND (uncertain_since IS NOT NULL OR created_at < :madeBefore!);

/* @name MarkHoldUncertain */
UPDATE payment.refund_allocations SET uncertain_since = coalesce(uncertain_since, :at!)
 WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL;

/* @name HoldAsAsked */
WITH found AS (
  SELECT p.amount_minor - p.amount_refunded_minor - p.amount_held_minor AS remaining,
         (:askedByDigits!::bigint[])[(:digits!::int[])[c.i] + 1] AS asked, (:minimums!::bigint[])[c.i] AS minimum
    FROM payment.payments p
   CROSS JOIN LATERAL (SELECT array_position(:currencies!::text[], p.currency) AS i) c
   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled'),
wanted AS (
  SELECT CASE WHEN f.asked = 0 THEN f.remaining ELSE f.asked END AS amount, f.minimum FROM found f WHERE f.asked >= 0),
allocated AS (
  INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at)
  SELECT :refundId!, :merchantId!, :paymentId!, w.amount, :at! FROM wanted w WHERE w.amount > 0
  RETURNING amount_minor),
held AS (
  UPDATE payment.payments p SET amount_held_minor = p.amount_held_minor + a.amount_minor
    FROM allocated a, wanted w
   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled'
     AND p.amount_refunded_minor + p.amount_held_minor + a.amount_minor <= p.amount_minor
     AND (a.amount_minor >= w.minimum OR p.amount_refunded_minor + p.amount_held_minor + a.amount_minor = p.amount_minor)
  RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
       p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!", a.amount_minor::text AS "held_minor!")
SELECT h.*, 1 / (SELECT count(*) FROM held) AS one FROM (SELECT 1) x LEFT JOIN held h ON true;

/* @name ConfirmAllocation */
WITH confirmed AS (
  UPDATE payment.refund_allocations SET confirmed_at = :at!
   WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL
  RETURNING amount_minor),
booked AS (
  UPDATE payment.payments p
     SET amount_held_minor = p.amount_held_minor - c.amount_minor,
         amount_refunded_minor = p.amount_refunded_minor + c.amount_minor,
         status = CASE WHEN p.amount_refunded_minor + c.amount_minor = p.amount_minor THEN 'refunded' ELSE p.status END
    FROM confirmed c
   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId!
  RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
       p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!"),
entry AS (
  INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'refunded', :at! FROM booked WHERE status = 'refunded'
  RETURNING seq)
SELECT booked.*, (SELECT seq::text FROM entry) AS refunded_seq FROM booked;

/* @name ConfirmAsHeld */
WITH confirmed AS (
  UPDATE payment.refund_allocations SET confirmed_at = :at!
   WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL
  RETURNING amount_minor),
booked AS (
  UPDATE payment.payments p
     SET amount_held_minor = p.amount_held_minor - c.amount_minor,
         amount_refunded_minor = p.amount_refunded_minor + c.amount_minor
    FROM confirmed c
   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled' AND c.amount_minor = :amountMinor!::bigint
     AND p.amount_refunded_minor = :refundedMinor!::bigint AND p.amount_held_minor = :heldMinor!::bigint
     AND p.amount_refunded_minor + c.amount_minor < p.amount_minor
     AND (SELECT count(*) FROM payment.payment_timeline t WHERE t.payment_id = :paymentId!) = :timelineLength!::int
  RETURNING p.id),
outbox AS (
  INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)
  SELECT :eventId!, :subject!, :payload!::bytea, :at!, :traceparent FROM booked)
SELECT CASE WHEN (SELECT count(*) FROM confirmed) = (SELECT count(*) FROM booked) THEN (SELECT count(*) FROM booked)::int
            ELSE 1 / (SELECT count(*) FROM booked)::int END AS "booked!";

/* @name InsertReleaseTombstone */
INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at, released_at)
VALUES (:refundId!, :merchantId!, :paymentId!, 0, :at!, :at!)
ON CONFLICT (refund_id) DO NOTHING;

/* @name MarkReleased */
UPDATE payment.refund_allocations SET released_at = :at!
 WHERE refund_id = :refundId! AND released_at IS NULL
RETURNING confirmed_at IS NOT NULL AS "confirmed!";
