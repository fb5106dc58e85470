/* @name InsertCustomer */
INSERT INTO mandate.customers AS c (id, merchant_id, sca_completed, email, name, reference, metadata, created_at)
VALUES (:id!, :merchantId!, :scaCompleted!, :email, :name, :reference, :metadata!::jsonb, :createdAt!)
RETURNING c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
          c.created_at AS "createdAt", c.erased_at AS "erasedAt";

/* @name ReadCustomer */
SELECT c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
       c.created_at AS "createdAt", c.erased_at AS "erasedAt"
  FROM mandate.customers c WHERE c.id = :id! AND c.merchant_id = :merchantId!;

/* @name EraseCustomer */
UPDATE mandate.customers c SET email = NULL, name = NULL, reference = NULL, metadata = '{}'::jsonb, erased_at = :erasedAt!
 WHERE c.id = :id! AND c.merchant_id = :merchantId! AND c.erased_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM mandate.mandates m
                    WHERE m.merchant_id = c.merchant_id AND m.customer_id = c.id AND m.status = ANY(:liveStatuses!::text[]))
RETURNING c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
          c.created_at AS "createdAt", c.erased_at AS "erasedAt";

/* @name SetScaCompleted */
UPDATE mandate.customers c SET sca_completed = true WHERE c.id = :id! AND c.merchant_id = :merchantId! AND c.erased_at IS NULL
RETURNING c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
          c.created_at AS "createdAt", c.erased_at AS "erasedAt";
