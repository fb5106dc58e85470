/* @name SelectPasswordHash */
SELECT password_hash AS "passwordHash" FROM gateway.console_users WHERE id = :userId!;

/* @name SetPendingTotp */
UPDATE gateway.console_users SET totp_pending_secret = :sealed! WHERE id = :userId!;

/* @name SelectTotp */
SELECT totp_secret AS "secret", totp_pending_secret AS "pending", totp_last_step AS "lastStep"
  FROM gateway.console_users WHERE id = :userId!;

/* @name EnableTotp */
UPDATE gateway.console_users SET totp_secret = :pending!, totp_pending_secret = NULL, totp_last_step = :step!
 WHERE id = :userId! AND totp_pending_secret = :pending!;

/* @name DisableTotp */
UPDATE gateway.console_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = :userId!;

/* @name UseTotpStep */
UPDATE gateway.console_users SET totp_last_step = :step!
 WHERE id = :userId! AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < :step!);

/* @name DeleteRecoveryCodes */
DELETE FROM gateway.console_recovery_codes WHERE user_id = :userId!;

/* @name InsertRecoveryCodes */
INSERT INTO gateway.console_recovery_codes (user_id, code_hash) SELECT :userId!, unnest(:codeHashes!::text[]);

/* @name UseRecoveryCode */
UPDATE gateway.console_recovery_codes SET used_at = :now! WHERE user_id = :userId! AND code_hash = :codeHash! AND used_at IS NULL;

/* @name CountRecoveryCodesLeft */
SELECT count(*)::int AS "n!" FROM gateway.console_recovery_codes WHERE user_id = :userId! AND used_at IS NULL;
