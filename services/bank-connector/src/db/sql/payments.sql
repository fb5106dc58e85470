/* @name InsertPayment */
INSERT INTO connector.payments (payment_id, attempt, merchant_id, mandate_id, consent_id, amount_minor, currency, reference,
       end_to_end_id, idempotency_key, instruction_id, stage, next_check_at)
VALUES (:paymentId!, :attempt!, :merchantId!, :mandateId!, :consentId, :amountMinor!::bigint, :currency!, :reference!, :endToEndId!,
        :idempotencyKey!, :instructionId!, 'submitting', now() + make_interval(secs => :leaseMs!::double precision / 1000))
ON CONFLICT DO NOTHING
RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt";

/* @name FindPayment */
SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
  FROM connector.payments WHERE payment_id = :paymentId! AND attempt = :attempt!;

/* @name FindPaymentByBankId */
SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
  FROM connector.payments WHERE bank_payment_id = :bankPaymentId!;

/* @name LatestAttempt */
SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
  FROM connector.payments WHERE merchant_id = :merchantId! AND payment_id = :paymentId! ORDER BY attempt DESC LIMIT 1;

/* @name ClaimSubmission */
UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage = 'submitting' AND next_check_at <= now() RETURNING payment_id;

/* @name ClaimDuePayments */
UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 WHERE (payment_id, attempt) IN (
   SELECT payment_id, attempt FROM connector.payments
    WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()
    ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt";

/* @name RecordPayment */
UPDATE connector.payments SET stage = :stage!, bank_payment_id = COALESCE(:bankPaymentId, bank_payment_id),
       bank_status = COALESCE(:bankStatus, bank_status), status_reason = COALESCE(:statusReason, status_reason), failure_code = :failureCode,
       failure_origin = :failureOrigin, settlement_date = :settlementDate::date, refund_account = COALESCE(:refundAccount, refund_account),
       next_check_at = :nextCheckAt, settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payment_id IS NULL THEN :settleDueAt ELSE settle_due_at END,
       checks = CASE WHEN :counted! THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()
 WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending')
RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt";

/* @name PostponePayment */
UPDATE connector.payments SET next_check_at = :nextCheckAt!, checks = checks + 1,
       server_errors = CASE WHEN :serverError! THEN server_errors + 1 ELSE server_errors END, updated_at = now()
 WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending') RETURNING server_errors;

/* @name CheckPaymentNow */
UPDATE connector.payments SET next_check_at = now(), checks = 0 WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending');

/* @name ClaimUnreportedPayments */
UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 WHERE (payment_id, attempt) IN (
   SELECT payment_id, attempt FROM connector.payments
    WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())
    ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt";

/* @name MarkPaymentsReported */
UPDATE connector.payments p SET reported_at = now(), next_check_at = NULL
  FROM unnest(:paymentIds!::text[], :attempts!::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt;

/* @name PostponePaymentReports */
UPDATE connector.payments p SET next_check_at = now() + make_interval(secs => :delayMs!::double precision / 1000)
  FROM unnest(:paymentIds!::text[], :attempts!::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt;

/* @name FindDueSettlements */
SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
       amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
       instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
       failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
       server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
  FROM connector.payments WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + make_interval(secs => :horizonMs!::double precision / 1000)
 ORDER BY settle_due_at LIMIT :limit!;

/* @name ClearSettlement */
UPDATE connector.payments SET settle_due_at = NULL WHERE payment_id = :paymentId! AND attempt = :attempt! AND settle_due_at IS NOT NULL RETURNING payment_id;
