/* @name FindEndpoint */
SELECT e.id, e.merchant_id AS "merchantId", e.url, e.description, e.enabled_events AS "enabledEvents!", e.status,
  e.created_at AS "createdAt", e.disabled_at AS "disabledAt", e.secret_ciphertext AS "secretCiphertext",
  e.secret_rotated_at AS "secretRotatedAt", e.previous_secrets AS "previousSecrets", e.deleted_at AS "deletedAt",
  e.disabled_reason AS "disabledReason", e.failing_since AS "failingSince", e.signature_scheme AS "signatureScheme",
  e.rate_limit_per_second AS "rateLimitPerSecond", e.rate_next_at AS "rateNextAt"
  FROM webhook.endpoints e WHERE e.merchant_id = :merchantId! AND e.id = :id! AND e.deleted_at IS NULL;

/* @name SubscribedEndpoints */
SELECT e.id, e.merchant_id AS "merchantId", e.url, e.description, e.enabled_events AS "enabledEvents!", e.status,
  e.created_at AS "createdAt", e.disabled_at AS "disabledAt", e.secret_ciphertext AS "secretCiphertext",
  e.secret_rotated_at AS "secretRotatedAt", e.previous_secrets AS "previousSecrets", e.deleted_at AS "deletedAt",
  e.disabled_reason AS "disabledReason", e.failing_since AS "failingSince", e.signature_scheme AS "signatureScheme",
  e.rate_limit_per_second AS "rateLimitPerSecond", e.rate_next_at AS "rateNextAt"
  FROM webhook.endpoints e
 WHERE e.merchant_id = :merchantId! AND e.status = 'enabled' AND e.deleted_at IS NULL
   AND (cardinality(e.enabled_events) = 0 OR e.enabled_events && :subscriptions!::text[])
 ORDER BY e.id;

/* @name RecordEndpointHealth */
WITH before AS (SELECT id, status FROM webhook.endpoints WHERE id = :endpointId! AND deleted_at IS NULL FOR UPDATE),
verdict AS (
  SELECT e.id,
         CASE WHEN :success!::boolean OR b.status <> 'enabled' THEN NULL
              WHEN :gone!::boolean THEN 'gone'
              WHEN COALESCE(e.failing_since, :at!::timestamptz) <= :failingBefore!::timestamptz THEN 'failing' END AS reason
    FROM webhook.endpoints e JOIN before b ON b.id = e.id
)
UPDATE webhook.endpoints e
   SET failing_since = CASE WHEN :success!::boolean THEN NULL ELSE COALESCE(e.failing_since, :at!::timestamptz) END,
       status = CASE WHEN v.reason IS NULL THEN e.status ELSE 'disabled' END,
       disabled_reason = COALESCE(v.reason, e.disabled_reason),
       disabled_at = CASE WHEN v.reason IS NULL THEN e.disabled_at ELSE :at!::timestamptz END
  FROM verdict v WHERE v.id = e.id
RETURNING v.reason AS "disabledReason";

/* @name RotateSecret */
UPDATE webhook.endpoints
   SET previous_secrets = COALESCE(
         (SELECT jsonb_agg(p) FROM jsonb_array_elements(previous_secrets) p WHERE (p->>'valid_until')::timestamptz > :at!::timestamptz),
         '[]'::jsonb) || jsonb_build_array(jsonb_build_object('ciphertext', secret_ciphertext, 'valid_until', to_jsonb(:overlapUntil!::timestamptz))),
       secret_ciphertext = :sealed!,
       secret_rotated_at = :at!::timestamptz
 WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL
RETURNING id;

/* @name InsertEndpoint */
INSERT INTO webhook.endpoints (id, merchant_id, url, description, enabled_events, created_at, secret_ciphertext, secret_rotated_at, signature_scheme, rate_limit_per_second)
VALUES (:id!, :merchantId!, :url!, :description!, :enabledEvents!::text[], :at!, :secretCiphertext!, :at!, :signatureScheme!, :rateLimitPerSecond);

/* @name UpdateEndpointSettings */
UPDATE webhook.endpoints
   SET url = COALESCE(:url, url), description = COALESCE(:description, description), enabled_events = COALESCE(:enabledEvents::text[], enabled_events),
       rate_limit_per_second = CASE WHEN :setRateLimit!::boolean THEN :rateLimitPerSecond::int ELSE rate_limit_per_second END
 WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL
RETURNING id;

/* @name EnableEndpoint */
UPDATE webhook.endpoints SET status = 'enabled', disabled_reason = NULL, disabled_at = NULL, failing_since = NULL
 WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL AND status = 'disabled'
RETURNING id;

/* @name DisableEndpoint */
UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = :at!
 WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL AND status = 'enabled'
RETURNING id;

/* @name MarkEndpointDeleted */
UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = :at!, deleted_at = :at!
 WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL
RETURNING id;
