/* @name LockConsent */
SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
       bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
       debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
       link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
       deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
  FROM connector.consents WHERE merchant_id = :merchantId! AND mandate_id = :mandateId! FOR UPDATE;

/* @name FindConsent */
SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
       bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
       debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
       link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
       deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
  FROM connector.consents WHERE merchant_id = :merchantId! AND mandate_id = :mandateId!;

/* @name FindConsentByLink */
SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
       bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
       debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
       link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
       deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
  FROM connector.consents WHERE link_token_hash = :tokenHash!;

/* @name FindConsentById */
SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
       bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
       debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
       link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
       deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
  FROM connector.consents WHERE id = :id!;

/* @name FindConsentByBankId */
SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
       bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
       debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
       link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
       deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
  FROM connector.consents WHERE bank_consent_id = :bankConsentId!;

/* @name InsertConsent */
INSERT INTO connector.consents (id, merchant_id, mandate_id, mandate_request_id, customer_id, bank_status, request, initiation,
       currency, vrp_type, return_uri, expires_at, link_token_hash, link_token_sealed)
VALUES (:id!, :merchantId!, :mandateId!, :mandateRequestId, :customerId!, 'AWAU', :request!, :initiation!, :currency!, :vrpType!, :returnUri,
        :expiresAt!, :linkTokenHash!, :linkTokenSealed!)
ON CONFLICT (merchant_id, mandate_id) DO NOTHING RETURNING id;

/* @name SetStaged */
UPDATE connector.consents SET bank_consent_id = :bankConsentId!, bank_status = :bankStatus!, initiation = :initiation!, updated_at = now()
 WHERE id = :id!
RETURNING id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
       bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
       debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
       link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
       deleted_at_bank AS "deletedAtBank", created_at AS "createdAt";

/* @name EndJourney */
UPDATE connector.consents SET journey = :to!, updated_at = now() WHERE id = :id! AND journey = 'open' RETURNING id;

/* @name SetAuthorised */
UPDATE connector.consents SET journey = 'authorised', bank_status = 'AUTH', access_token_sealed = :accessTokenSealed!,
       access_token_expires_at = :accessTokenExpiresAt, debtor_account = COALESCE(:debtorAccount, debtor_account),
       next_check_at = :nextCheckAt!, updated_at = now()
 WHERE id = :id! AND journey = 'open' RETURNING id;

/* @name SetBankStatus */
UPDATE connector.consents SET bank_status = :status!, status_reason = COALESCE(:reason, status_reason), updated_at = now() WHERE id = :id!;

/* @name SetDeleted */
UPDATE connector.consents SET deleted_at_bank = COALESCE(deleted_at_bank, now()), bank_status = 'CANC', next_check_at = NULL,
       journey = CASE WHEN journey = 'open' THEN 'cancelled' ELSE journey END, updated_at = now()
 WHERE id = :id!;

/* @name ClaimConsentsToCheck */
UPDATE connector.consents c SET next_check_at = now() + make_interval(secs => :everyMs!::double precision / 1000)
 WHERE c.id IN (SELECT id FROM connector.consents WHERE bank_status = 'AUTH' AND next_check_at <= now()
                 ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
       bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
       debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
       link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
       deleted_at_bank AS "deletedAtBank", created_at AS "createdAt";

/* @name CreditorAccountsOf */
SELECT DISTINCT ON (initiation->'CreditorAccount'->>'Identification') initiation->'CreditorAccount' AS "account!"
  FROM connector.consents WHERE merchant_id = :merchantId! AND initiation ? 'CreditorAccount';

/* @name ClaimUnrecordedJourneys */
UPDATE connector.consents c SET updated_at = now()
 WHERE c.id IN (SELECT id FROM connector.consents
                 WHERE outcome_recorded_at IS NULL AND mandate_request_id IS NOT NULL AND journey IN ('authorised', 'declined')
                   AND updated_at <= now() - make_interval(secs => :graceMs!::double precision / 1000)
                 ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING id, merchant_id AS "merchantId", mandate_request_id AS "mandateRequestId!", journey;

/* @name MarkJourneyRecorded */
UPDATE connector.consents SET outcome_recorded_at = now() WHERE id = :id!;
