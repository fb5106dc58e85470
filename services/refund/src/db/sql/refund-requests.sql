/* @name FreeKeysOf */
DELETE FROM refund.idempotency_keys WHERE merchant_id = :merchantId! AND resource_id = :requestId!;

/* @name MoveRequest */
UPDATE refund.refund_requests SET state = :to!, updated_at = now() WHERE id = :id! AND merchant_id = :merchantId! AND state = ANY(:from!::text[]);

/* @name MarkAbandoned */
INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, 0, 'abandoned')
ON CONFLICT (id) DO UPDATE SET state = 'abandoned', updated_at = now() WHERE r.merchant_id = :merchantId! AND r.state = 'open';

/* @name ForgetRequest */
WITH gone AS (DELETE FROM refund.refund_requests WHERE id = :id! AND merchant_id = :merchantId! AND state = 'open' RETURNING id)
DELETE FROM refund.idempotency_keys k USING gone WHERE k.merchant_id = :merchantId! AND k.resource_id = gone.id;

/* @name UnfinishedRequests */
SELECT id, merchant_id AS "merchantId", payment_id AS "paymentId", state, created_at AS "createdAt" FROM refund.refund_requests
 WHERE (state = 'open' AND created_at < :openBefore!) OR state = 'abandoned'
 ORDER BY created_at LIMIT :limit!;

/* @name FindRequest */
SELECT id, merchant_id AS "merchantId", payment_id AS "paymentId", state, created_at AS "createdAt" FROM refund.refund_requests WHERE id = :id!;
