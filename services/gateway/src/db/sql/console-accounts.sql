/* @name InsertConsoleUser */
INSERT INTO gateway.console_users (id, merchant_id, email, password_hash, role)
VALUES (:id!, :merchantId!, :email!, :passwordHash!, :role!)
RETURNING id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt";

/* @name SelectUserByEmail */
SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
  FROM gateway.console_users WHERE merchant_id = :merchantId! AND email = :email!;

/* @name SelectUserById */
SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
  FROM gateway.console_users WHERE merchant_id = :merchantId! AND id = :id! LIMIT 1;

/* @name SelectUsersForSignIn */
SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt",
       password_hash AS "passwordHash", totp_last_step AS "totpLastStep"
  FROM gateway.console_users WHERE email = :email! ORDER BY created_at, id LIMIT :max!;

/* @name SelectUsers */
SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
  FROM gateway.console_users WHERE merchant_id = :merchantId! ORDER BY created_at, id;

/* @name DeleteUser */
DELETE FROM gateway.console_users WHERE id = :id!;

/* @name SetUserRole */
UPDATE gateway.console_users SET role = :role! WHERE merchant_id = :merchantId! AND id = :id!
RETURNING id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt";

/* @name ReplacePasswordHash */
UPDATE gateway.console_users SET password_hash = :fresh! WHERE id = :userId! AND password_hash = :old!;

/* @name DeleteSessionsOfUser */
DELETE FROM gateway.console_sessions WHERE user_id = :userId! AND (:keep::text IS NULL OR token_hash <> :keep);

/* @name InsertSession */
INSERT INTO gateway.console_sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
VALUES (:tokenHash!, :userId!, :csrfToken!, :at!, :at!, :expiresAt!);

/* @name SelectSession */
SELECT s.token_hash AS "tokenHash", s.csrf_token AS "csrfToken", s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt",
       u.id AS "userId", u.email, u.role, u.totp_secret AS "totpSecret", u.created_at AS "userCreatedAt",
       m.id AS "merchantId", m.name AS "merchantName", m.payout_currency AS "payoutCurrency", m.created_at AS "merchantCreatedAt",
       m.creditor_account_scheme AS "creditorAccountScheme", m.creditor_account_id AS "creditorAccountId",
       m.creditor_account_name AS "creditorAccountName"
  FROM gateway.console_sessions s
  JOIN gateway.console_users u ON u.id = s.user_id
  JOIN gateway.merchants m ON m.id = u.merchant_id
 WHERE s.token_hash = :tokenHash!;

/* @name TouchSession */
UPDATE gateway.console_sessions SET last_seen_at = :now! WHERE token_hash = :tokenHash!;

/* @name DeleteSession */
DELETE FROM gateway.console_sessions WHERE token_hash = :tokenHash!;

/* @name DeleteExpiredSessions */
DELETE FROM gateway.console_sessions WHERE expires_at <= :now!;

/* @name DeleteSignInAttemptsBefore */
DELETE FROM gateway.console_sign_in_attempts WHERE at < :before!;

/* @name CountOpenInvitations */
SELECT count(*)::int AS "n!" FROM gateway.console_invitations
 WHERE merchant_id = :merchantId! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!;

/* @name InsertInvitation */
INSERT INTO gateway.console_invitations (id, merchant_id, email, role, created_at, expires_at, token_hash, code_hash, invited_by)
VALUES (:id!, :merchantId!, :email!, :role!, :createdAt!, :expiresAt!, :tokenHash!, :codeHash!, :invitedBy!);

/* @name SelectOpenInvitation */
SELECT id, merchant_id AS "merchantId", email, role, created_at AS "createdAt", expires_at AS "expiresAt", code_hash AS "codeHash"
  FROM gateway.console_invitations
 WHERE token_hash = :tokenHash! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!
 LIMIT 1;

/* @name CountWrongCode */
UPDATE gateway.console_invitations SET code_failures = code_failures + 1 WHERE token_hash = :tokenHash!;

/* @name RevokeInvitation */
UPDATE gateway.console_invitations SET revoked_at = :now!
 WHERE merchant_id = :merchantId! AND id = :id!
   AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!
RETURNING id, merchant_id AS "merchantId", email, role, created_at AS "createdAt", expires_at AS "expiresAt";

/* @name SelectOpenInvitations */
SELECT id, merchant_id AS "merchantId", email, role, created_at AS "createdAt", expires_at AS "expiresAt"
  FROM gateway.console_invitations
 WHERE merchant_id = :merchantId! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!
 ORDER BY created_at DESC, id DESC;

/* @name AcceptInvitation */
WITH claimed AS (
  UPDATE gateway.console_invitations SET accepted_at = :now!
   WHERE token_hash = :tokenHash! AND code_hash = :codeHash! AND accepted_at IS NULL AND revoked_at IS NULL
     AND expires_at > :now! AND code_failures < :maxCodeFailures!
  RETURNING merchant_id, email, role)
INSERT INTO gateway.console_users (id, merchant_id, email, password_hash, role, created_at)
SELECT :userId!, merchant_id, email, :passwordHash!, role, :now! FROM claimed
RETURNING id, merchant_id AS "merchantId", email, role, created_at AS "createdAt";

/* @name LockSignInPair */
SELECT pg_advisory_xact_lock(hashtext('console-sign-in:pair'), hashtext(:pair!))::text AS locked;

/* @name LockSignInAddress */
SELECT pg_advisory_xact_lock(hashtext('console-sign-in:address'), hashtext(:address!))::text AS locked;

/* @name CountSignInFailures */
SELECT count(*) FILTER (WHERE email = :email!)::int AS "pairCount!", max(at) FILTER (WHERE email = :email!) AS "pairLastAt",
       count(*)::int AS "addressCount!", max(at) AS "addressLastAt"
  FROM gateway.console_sign_in_attempts WHERE address = :address! AND at > :since!;

/* @name InsertSignInAttempt */
INSERT INTO gateway.console_sign_in_attempts (email, address, at) VALUES (:email!, :address!, :at!) RETURNING id;

/* @name DeleteSignInAttempt */
DELETE FROM gateway.console_sign_in_attempts WHERE id = :id!;

/* @name ClearSignInAttempts */
DELETE FROM gateway.console_sign_in_attempts WHERE email = :email! AND address = :address!;
