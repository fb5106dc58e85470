/* @name InsertAuthorisation */
INSERT INTO connector.authorisations (state_hash, consent_id, nonce, code_verifier, expires_at, used_at)
VALUES (:stateHash!, :consentId!, :nonce!, :codeVerifier!, :expiresAt!, NULL);

/* @name FindAuthorisation */
SELECT state_hash AS "stateHash", consent_id AS "consentId", nonce, code_verifier AS "codeVerifier", expires_at AS "expiresAt", used_at AS "usedAt"
  FROM connector.authorisations WHERE state_hash = :stateHash!;

/* @name UseAuthorisation */
UPDATE connector.authorisations SET used_at = now() WHERE state_hash = :stateHash! AND used_at IS NULL RETURNING state_hash;

/* @name ReleaseAuthorisation */
UPDATE connector.authorisations SET used_at = NULL WHERE state_hash = :stateHash!;

/* @name EndAuthorisation */
UPDATE connector.authorisations SET ended_at = now() WHERE state_hash = :stateHash! AND ended_at IS NULL;

/* @name OtherAttemptInFlight */
SELECT 1 AS "one!" FROM connector.authorisations
 WHERE consent_id = :consentId! AND state_hash <> :stateHash! AND ended_at IS NULL AND expires_at > :now! LIMIT 1;
