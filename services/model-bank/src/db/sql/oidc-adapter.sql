/* @name UpsertPayload */
INSERT INTO model_bank.oidc_payloads (model, id, payload, grant_id, uid, user_code, expires_at)
VALUES (:model!, :id!, :payload!, :grantId, :uid, :userCode,
        CASE WHEN :expiresIn::bigint IS NULL THEN NULL ELSE now() + :expiresIn::bigint * interval '1 second' END)
ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
  user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at;

/* @name FindPayload */
SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads
 WHERE model = :model! AND id = :value! AND (expires_at IS NULL OR expires_at > now());

/* @name FindPayloadByUid */
SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads
 WHERE model = :model! AND uid = :value! AND (expires_at IS NULL OR expires_at > now());

/* @name FindPayloadByUserCode */
SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads
 WHERE model = :model! AND user_code = :value! AND (expires_at IS NULL OR expires_at > now());

/* @name ConsumePayload */
UPDATE model_bank.oidc_payloads SET consumed_at = now() WHERE model = :model! AND id = :id! AND consumed_at IS NULL;

/* @name DestroyPayload */
DELETE FROM model_bank.oidc_payloads WHERE model = :model! AND id = :id!;

/* @name RevokeModelGrant */
DELETE FROM model_bank.oidc_payloads WHERE model = :model! AND grant_id = :grantId!;

/* @name RevokeGrant */
DELETE FROM model_bank.oidc_payloads WHERE grant_id = :grantId! OR (model = 'Grant' AND id = :grantId!);

/* @name DropExpiredPayloads */
DELETE FROM model_bank.oidc_payloads WHERE expires_at < now() - interval '1 minute';
