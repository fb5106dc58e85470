/* @name AddMandateReport */
INSERT INTO connector.mandate_reports (consent_id, merchant_id, mandate_id, kind, revoked_by, reason, cause)
VALUES (:consentId!, :merchantId!, :mandateId!, :kind!, :revokedBy, :reason, :cause!) ON CONFLICT (consent_id, kind, cause) DO NOTHING RETURNING id;

/* @name ClaimMandateReports */
UPDATE connector.mandate_reports SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 WHERE id IN (SELECT id FROM connector.mandate_reports WHERE reported_at IS NULL AND next_check_at <= now()
               ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING id::text AS "id!", merchant_id AS "merchantId", mandate_id AS "mandateId", kind, revoked_by AS "revokedBy", reason, cause, checks;

/* @name MarkMandateReported */
UPDATE connector.mandate_reports SET reported_at = now() WHERE id = :id!;

/* @name PostponeMandateReport */
UPDATE connector.mandate_reports SET next_check_at = :next!, checks = checks + 1 WHERE id = :id!;
