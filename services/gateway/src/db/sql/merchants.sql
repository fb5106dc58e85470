/* @name InsertMerchant */
INSERT INTO gateway.merchants (id, name, payout_currency, creditor_account_scheme, creditor_account_id, creditor_account_name)
VALUES (:id!, :name!, :payoutCurrency!, :creditorAccountScheme, :creditorAccountId, :creditorAccountName)
RETURNING id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
          creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName";

/* @name SelectMerchant */
SELECT id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
       creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName"
  FROM gateway.merchants WHERE id = :id!;

/* @name SelectMerchants */
SELECT id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
       creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName"
  FROM gateway.merchants ORDER BY created_at, id;

/* @name UpdateMerchant */
UPDATE gateway.merchants SET
  name = COALESCE(:name, name),
  creditor_account_scheme = CASE WHEN :setAccount!::boolean THEN :creditorAccountScheme ELSE creditor_account_scheme END,
  creditor_account_id = CASE WHEN :setAccount!::boolean THEN :creditorAccountId ELSE creditor_account_id END,
  creditor_account_name = CASE WHEN :setAccount!::boolean THEN :creditorAccountName ELSE creditor_account_name END
WHERE id = :id!
RETURNING id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
          creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName";

/* @name LockMerchant */
SELECT id FROM gateway.merchants WHERE id = :id! FOR UPDATE;

/* @name InsertApiToken */
INSERT INTO gateway.api_tokens (id, merchant_id, token_hash, environment, name)
VALUES (:id!, :merchantId!, :tokenHash!, :environment!, :name!)
RETURNING id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt";

/* @name CountLiveTokens */
SELECT count(*)::int AS "n!" FROM gateway.api_tokens WHERE merchant_id = :merchantId! AND revoked_at IS NULL;

/* @name SelectTokens */
SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
  FROM gateway.api_tokens WHERE merchant_id = :merchantId! ORDER BY created_at DESC, id DESC;

/* @name SelectToken */
SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
  FROM gateway.api_tokens WHERE merchant_id = :merchantId! AND id = :id! LIMIT 1;

/* @name SelectLiveToken */
WITH live AS (
  SELECT t.id, t.environment, t.last_used_at, m.id AS merchant_id, m.name, m.payout_currency, m.created_at AS merchant_created_at,
         m.creditor_account_scheme, m.creditor_account_id, m.creditor_account_name
    FROM gateway.api_tokens t JOIN gateway.merchants m ON m.id = t.merchant_id
   WHERE t.token_hash = :tokenHash! AND t.revoked_at IS NULL),
used AS (
  UPDATE gateway.api_tokens t SET last_used_at = now() FROM live
   WHERE t.id = live.id AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute'))
SELECT id, environment, merchant_id AS "merchantId", name, payout_currency AS "payoutCurrency", merchant_created_at AS "createdAt",
       creditor_account_scheme AS "creditorAccountScheme", creditor_account_id AS "creditorAccountId",
       creditor_account_name AS "creditorAccountName"
  FROM live;

/* @name SelectTokenOwner */
SELECT id, merchant_id AS "merchantId" FROM gateway.api_tokens
 WHERE (id = :id OR token_hash = :tokenHash) AND (:merchantId::text IS NULL OR merchant_id = :merchantId)
 LIMIT 1;

/* @name RevokeToken */
UPDATE gateway.api_tokens SET revoked_at = :now! WHERE id = :id! AND revoked_at IS NULL;
