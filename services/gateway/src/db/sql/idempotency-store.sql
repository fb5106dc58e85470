/* @name ClaimKey */
INSERT INTO gateway.idempotency_keys (merchant_id, key, method, path, request_hash, lock_owner, locked_until, expires_at)
VALUES (:merchantId!, :key!, :method!, :path!, :requestHash!, :owner!,
        now() + make_interval(secs => :lockSeconds!), now() + make_interval(secs => :ttlSeconds!))
ON CONFLICT (merchant_id, key) DO UPDATE SET
  method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash,
  response_status = NULL, response_body = NULL, lock_owner = EXCLUDED.lock_owner,
  locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
WHERE idempotency_keys.expires_at < now()
   OR (idempotency_keys.response_status IS NULL AND idempotency_keys.locked_until < now()
       AND idempotency_keys.request_hash = EXCLUDED.request_hash);

/* @name SelectLiveKey */
SELECT request_hash AS "requestHash", response_status AS "responseStatus", response_body AS "responseBody"
  FROM gateway.idempotency_keys WHERE merchant_id = :merchantId! AND key = :key! AND expires_at > :now! LIMIT 1;

/* @name CompleteKey */
UPDATE gateway.idempotency_keys SET response_status = :status!, response_body = :body!, lock_owner = NULL, locked_until = NULL
 WHERE merchant_id = :merchantId! AND key = :key! AND lock_owner = :owner!;

/* @name ReleaseKey */
DELETE FROM gateway.idempotency_keys WHERE merchant_id = :merchantId! AND key = :key! AND lock_owner = :owner!;

/* @name DeleteExpiredKeys */
DELETE FROM gateway.idempotency_keys WHERE expires_at < :now!;
