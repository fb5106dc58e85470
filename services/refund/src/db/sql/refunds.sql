/* @name ReadRefund */
SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
  FROM refund.refunds r WHERE r.id = :id! AND r.merchant_id = :merchantId!;

/* @name ReadRefundById */
SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
  FROM refund.refunds r WHERE r.id = :id!;

/* @name UndecidedRefunds */
SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
  FROM refund.refunds r WHERE r.status = 'pending_settlement' AND r.bank_reference IS NOT NULL AND r.bank_submitted_at < :submittedBefore!
 ORDER BY r.bank_submitted_at LIMIT :limit!;

/* @name UnconfirmedRefunds */
SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
  FROM refund.refunds r WHERE r.allocation_confirmed_at IS NULL AND r.created_at < :createdBefore!
 ORDER BY r.created_at LIMIT :limit!;

/* @name UnacknowledgedRefunds */
SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
  FROM refund.refunds r WHERE r.status = 'pending_settlement' AND r.bank_reference IS NULL AND r.allocation_confirmed_at IS NOT NULL
   AND r.created_at < :createdBefore!
 ORDER BY r.created_at LIMIT :limit!;

/* @name UnreleasedFailedRefunds */
SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
  FROM refund.refunds r WHERE r.status = 'failed' AND r.allocation_released_at IS NULL
 ORDER BY r.failed_at LIMIT :limit!;

/* @name TransitionRefund */
WITH moved AS (
  UPDATE refund.refunds r SET status = :to!,
    settled_at = CASE WHEN :to! = 'settled' THEN :at!::timestamptz ELSE r.settled_at END,
    failed_at = CASE WHEN :to! = 'failed' THEN :at!::timestamptz ELSE r.failed_at END
   WHERE r.id = :id! AND r.status = 'pending_settlement'
  RETURNING r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"),
entry AS (INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, :to!, :at! FROM moved RETURNING seq),
outbox AS (
  INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent)
  SELECT :eventId!, :subject!, :payload!, :traceparent FROM moved)
SELECT moved.*, (SELECT seq::text FROM entry) AS "entrySeq" FROM moved;

/* @name NoteAllocationReleased */
UPDATE refund.refunds SET allocation_released_at = :at!
 WHERE id = :id! AND merchant_id = :merchantId! AND status = 'failed' AND allocation_released_at IS NULL;

/* @name InsertRequest */
INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, :amountMinor!, 'open');

/* @name InsertRefund */
WITH request AS (
  INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, :amountMinor!, 'completed')
  ON CONFLICT (id) DO UPDATE SET state = 'completed', amount_minor = :amountMinor!, updated_at = now()
   WHERE r.merchant_id = :merchantId! AND r.state = 'open' RETURNING id),
created AS (
  INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, reason, metadata, created_at, expected_settlement_date)
  SELECT :id!, :merchantId!, :paymentId!, :amountMinor!, :currency!, 'pending_settlement', :reason!, :metadata!::jsonb, :at!, :expectedSettlementDate!::date
    FROM request RETURNING id),
entry AS (
  INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, 'pending_settlement', :at! FROM created RETURNING seq),
outbox AS (
  INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent) SELECT :eventId!, :subject!, :payload!, :traceparent FROM created)
SELECT (SELECT seq::text FROM entry) AS seq;

/* @name NoteAllocationConfirmed */
UPDATE refund.refunds SET allocation_confirmed_at = now() WHERE id = :id! AND merchant_id = :merchantId! AND allocation_confirmed_at IS NULL;

/* @name NoteBankAcknowledged */
UPDATE refund.refunds SET bank_reference = COALESCE(bank_reference, :bankReference!), bank_submitted_at = :at!,
  allocation_confirmed_at = CASE WHEN :bookingConfirmed!::bool THEN COALESCE(allocation_confirmed_at, :at!) ELSE allocation_confirmed_at END
 WHERE id = :id! AND merchant_id = :merchantId!;
