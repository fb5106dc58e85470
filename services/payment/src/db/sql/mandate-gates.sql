/* @name CloseMandateGate */
INSERT INTO payment.mandate_gates (mandate_id, merchant_id, closed_at) VALUES (:mandateId!, :merchantId!, :at!)
ON CONFLICT (mandate_id) DO UPDATE SET closed_at = COALESCE(payment.mandate_gates.closed_at, EXCLUDED.closed_at)
 WHERE payment.mandate_gates.merchant_id = :merchantId!;

/* @name ReadReplica */
SELECT terms AS "terms!", terms_version::text AS "version!" FROM payment.mandate_gates
 WHERE mandate_id = :mandateId! AND merchant_id = :merchantId! AND terms IS NOT NULL AND closed_at IS NULL;

/* @name KeepReplica */
INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, terms, terms_version) VALUES (:mandateId!, :merchantId!, :terms!::jsonb, :version!::bigint)
ON CONFLICT (mandate_id) DO UPDATE SET terms = EXCLUDED.terms, terms_version = EXCLUDED.terms_version
 WHERE g.merchant_id = EXCLUDED.merchant_id AND g.closed_at IS NULL AND g.fence < EXCLUDED.terms_version
   AND (g.terms_version IS NULL OR g.terms_version < EXCLUDED.terms_version)
RETURNING true AS "kept!";

/* @name FenceReplica */
INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, fence, closed_at) VALUES (:mandateId!, :merchantId!, :version!::bigint, :closedAt)
ON CONFLICT (mandate_id) DO UPDATE SET terms = NULL, terms_version = NULL, fence = GREATEST(g.fence, EXCLUDED.fence),
  closed_at = COALESCE(g.closed_at, EXCLUDED.closed_at)
 WHERE g.merchant_id = EXCLUDED.merchant_id;
