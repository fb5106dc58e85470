/* @name InsertRefund */
INSERT INTO connector.refunds (refund_id, payment_id, merchant_id, amount_minor, currency, idempotency_key, creditor, stage, next_check_at)
VALUES (:refundId!, :paymentId!, :merchantId!, :amountMinor!::bigint, :currency!, :idempotencyKey!, :creditor!, 'submitting',
        now() + make_interval(secs => :leaseMs!::double precision / 1000))
ON CONFLICT DO NOTHING RETURNING refund_id;

/* @name FindRefund */
SELECT refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
       idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
  FROM connector.refunds WHERE merchant_id = :merchantId! AND refund_id = :refundId!;

/* @name FindRefundByPayout */
SELECT refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
       idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
  FROM connector.refunds WHERE bank_payout_id = :payoutId!;

/* @name ClaimRefundSubmission */
UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 WHERE refund_id = :refundId! AND stage = 'submitting' AND next_check_at <= now() RETURNING refund_id;

/* @name ClaimDueRefunds */
UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 WHERE refund_id IN (SELECT refund_id FROM connector.refunds WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()
                      ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
       idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt";

/* @name RecordRefund */
UPDATE connector.refunds SET stage = :stage!, bank_payout_id = COALESCE(:bankPayoutId, bank_payout_id), bank_status = COALESCE(:bankStatus, bank_status),
       next_check_at = :nextCheckAt, settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payout_id IS NULL THEN :settleDueAt ELSE settle_due_at END,
       checks = CASE WHEN :counted! THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()
 WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending')
RETURNING refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
       idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt";

/* @name PostponeRefund */
UPDATE connector.refunds SET next_check_at = :nextCheckAt!, checks = checks + 1,
       server_errors = CASE WHEN :serverError! THEN server_errors + 1 ELSE server_errors END, updated_at = now()
 WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending') RETURNING server_errors;

/* @name CheckRefundNow */
UPDATE connector.refunds SET next_check_at = now(), checks = 0 WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending');

/* @name ClaimUnreportedRefunds */
UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 WHERE refund_id IN (SELECT refund_id FROM connector.refunds
                      WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())
                      ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
       idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt";

/* @name MarkRefundReported */
UPDATE connector.refunds SET reported_at = now(), next_check_at = NULL WHERE refund_id = :refundId!;

/* @name PostponeRefundReport */
UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :delayMs!::double precision / 1000) WHERE refund_id = :refundId!;

/* @name FindDueRefundSettlements */
SELECT refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
       idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
  FROM connector.refunds WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + make_interval(secs => :horizonMs!::double precision / 1000)
 ORDER BY settle_due_at LIMIT :limit!;

/* @name ClearRefundSettlement */
UPDATE connector.refunds SET settle_due_at = NULL WHERE refund_id = :refundId!;
