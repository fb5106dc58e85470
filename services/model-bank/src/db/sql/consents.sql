/* @name InsertConsent */
INSERT INTO model_bank.consents (id, client_id, status, status_reasons, read_refund_account, control_parameters, initiation, risk,
  customer_ref, clock_key, currency, max_individual_minor, account_id, grant_id, expires_at, creation_date_time, status_update_date_time)
VALUES (:id!, :clientId!, :status!, :statusReasons, :readRefundAccount, :controlParameters!, :initiation!, :risk!,
  :customerRef!, :clockKey!, :currency!, :maxIndividualMinor!::bigint, :accountId, :grantId, :expiresAt, :creationDateTime!, :statusUpdateDateTime!);

/* @name ConsentById */
SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
       control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
       max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
       creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
  FROM model_bank.consents WHERE id = :id!;

/* @name LockConsent */
SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
       control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
       max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
       creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
  FROM model_bank.consents WHERE id = :id! FOR UPDATE;

/* @name ConsentByGrant */
SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
       control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
       max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
       creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
  FROM model_bank.consents WHERE grant_id = :grantId!;

/* @name MoveConsent */
UPDATE model_bank.consents SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!,
       account_id = COALESCE(:accountId, account_id), grant_id = COALESCE(:grantId, grant_id)
 WHERE id = :id! AND status = ANY(:from!::text[])
RETURNING id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
       control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
       max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
       creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime";

/* @name LiveConsentsOnAccount */
SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
       control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
       max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
       creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
  FROM model_bank.consents WHERE account_id = :accountId! AND status IN ('AWAU', 'AUTH') ORDER BY id FOR UPDATE;

/* @name RelinkConsents */
UPDATE model_bank.consents SET account_id = :to! WHERE account_id = :from!;

/* @name DueExpiries */
SELECT c.id FROM model_bank.consents c LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = c.clock_key
 WHERE c.status IN ('AWAU', 'AUTH') AND c.expires_at IS NOT NULL
   AND c.expires_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
 ORDER BY c.expires_at LIMIT :limit!;
