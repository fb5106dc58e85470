/* @name ReadMandate */
SELECT m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
       m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
       m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
       m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
       m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected"
  FROM mandate.mandates m WHERE m.id = :id! AND m.merchant_id = :merchantId!;

/* @name InsertMandate */
WITH customer AS (SELECT sca_completed, erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = :customerId! AND merchant_id = :merchantId!),
created AS (
  INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, description, metadata, maximum_amount_minor, currency, frequency, created_at, controls, mandate_request_id, vrp_type, consent_expected)
  SELECT :id!, :merchantId!, :customerId!, 'pending_sca', :description!, :metadata!::jsonb, :maximumAmountMinor!, :currency!, :frequency!, :createdAt!, :controls::jsonb, :mandateRequestId, :vrpType!, :consentExpected!
    FROM customer WHERE sca_completed AND NOT erased
  RETURNING id),
outbox AS (
  INSERT INTO mandate.outbox_events (event_id, subject, payload, created_at, traceparent) SELECT :eventId!, :subject!, :payload!, :createdAt!, :traceparent FROM created)
SELECT EXISTS (SELECT 1 FROM customer) AS "customer!", coalesce((SELECT erased FROM customer), false) AS "erased!",
       coalesce((SELECT sca_completed FROM customer), false) AS "sca!",
       EXISTS (SELECT 1 FROM created) AS "created!";

/* @name SetMandateAuthorisation */
UPDATE mandate.mandates m SET authorisation_url = :url!, authorisation_expires_at = :expiresAt!
 WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = 'pending_sca' AND m.authorisation_url IS NULL
RETURNING m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
       m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
       m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
       m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
       m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected";

/* @name ApplyMandateChange */
UPDATE mandate.mandates m SET status = :status!, revoked_at = :revokedAt, revoked_by = :revokedBy, suspended_at = :suspendedAt,
       revocation_reason = :revocationReason, suspension_reason = :suspensionReason, version = m.version + 1
 WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = ANY(:from!::text[])
RETURNING m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
       m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
       m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
       m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
       m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected";

/* @name RaiseVersion */
UPDATE mandate.mandates m SET version = m.version + 1
 WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = ANY(:from!::text[])
RETURNING m.version;

/* @name PendingCreatedBefore */
SELECT m.id, m.merchant_id AS "merchantId" FROM mandate.mandates m
  LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
 WHERE m.status = 'pending_sca' AND m.created_at <= :cutoff!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
   AND (NOT m.consent_expected OR m.authorisation_url IS NOT NULL)
 ORDER BY m.created_at LIMIT :limit!;

/* @name ChangePendingCreatedBefore */
WITH due AS (
  SELECT m.id FROM mandate.mandates m
    LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
   WHERE m.status = 'pending_sca' AND m.created_at <= :cutoff!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
     AND (NOT m.consent_expected OR m.authorisation_url IS NOT NULL) AND (:ids::text[] IS NULL OR m.id = ANY(:ids::text[]))
   ORDER BY m.created_at LIMIT :limit! FOR UPDATE OF m SKIP LOCKED)
UPDATE mandate.mandates m SET status = :status!, revoked_at = :revokedAt, revoked_by = :revokedBy, suspended_at = :suspendedAt, version = m.version + 1
  FROM due WHERE m.id = due.id AND m.status = 'pending_sca'
RETURNING m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
       m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
       m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
       m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
       m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected";

/* @name LiveMandatesPastValidTo */
SELECT m.id, m.merchant_id AS "merchantId" FROM mandate.mandates m
  LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
 WHERE m.status IN ('pending_sca', 'active', 'suspended') AND m.controls->>'valid_to' IS NOT NULL
   AND (m.controls->>'valid_to')::timestamptz <= :now!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
 ORDER BY m.controls->>'valid_to' LIMIT :limit!;
