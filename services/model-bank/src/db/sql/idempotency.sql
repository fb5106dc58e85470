/* @name ClaimKey */
INSERT INTO model_bank.idempotency_keys AS k (client_id, operation, key, body_hash, resource_id)
VALUES (:clientId!, :operation!, :key!, :bodyHash!, :resourceId!)
ON CONFLICT (client_id, operation, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, resource_id = EXCLUDED.resource_id, created_at = now()
  WHERE k.created_at < now() - interval '24 hours'
RETURNING resource_id AS "resourceId";

/* @name HeldKey */
SELECT body_hash AS "bodyHash", resource_id AS "resourceId" FROM model_bank.idempotency_keys
 WHERE client_id = :clientId! AND operation = :operation! AND key = :key!;

/* @name DropExpiredKeys */
DELETE FROM model_bank.idempotency_keys WHERE created_at < now() - interval '24 hours';
