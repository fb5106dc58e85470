/* @name InsertMandateRequest */
WITH customer AS (SELECT erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = :customerId! AND merchant_id = :merchantId!),
created AS (
  INSERT INTO mandate.mandate_requests AS r (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency,
    description, metadata, controls, creditor_account, redirect_uri, mandate_id, expires_at, created_at, vrp_type)
  SELECT :id!, :merchantId!, :customerId!, 'awaiting_authorisation', :maximumAmountMinor!, :currency!, :frequency!, :description!,
         :metadata!::jsonb, :controls::jsonb, :creditorAccount!::jsonb, :redirectUri!, :mandateId!, :expiresAt!, :createdAt!, :vrpType!
    FROM customer WHERE NOT erased
  RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
       r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
       r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
       r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt")
SELECT created.*, EXISTS (SELECT 1 FROM customer) AS "customer!", coalesce((SELECT erased FROM customer), false) AS "erased!"
  FROM (SELECT 1) one LEFT JOIN created ON true;

/* @name ReadMandateRequest */
SELECT r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
       r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
       r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
       r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt"
  FROM mandate.mandate_requests r WHERE r.id = :id! AND r.merchant_id = :merchantId!;

/* @name SetAuthorisationUrl */
UPDATE mandate.mandate_requests r SET authorisation_url = :url!
 WHERE r.id = :id! AND r.merchant_id = :merchantId! AND r.authorisation_url IS NULL
RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
       r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
       r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
       r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt";

/* @name EndMandateRequest */
UPDATE mandate.mandate_requests r SET status = :end!, ended_at = :at!
 WHERE r.id = :id! AND r.merchant_id = :merchantId! AND r.status = 'awaiting_authorisation'
RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
       r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
       r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
       r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt";

/* @name ExpireDueMandateRequests */
WITH due AS (
  SELECT r.id, r.expires_at FROM mandate.mandate_requests r
    LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = r.merchant_id
   WHERE r.status = 'awaiting_authorisation'
     AND r.expires_at <= :now!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
   ORDER BY r.expires_at LIMIT :limit! FOR UPDATE OF r SKIP LOCKED)
UPDATE mandate.mandate_requests r SET status = 'expired', ended_at = due.expires_at
  FROM due WHERE r.id = due.id AND r.status = 'awaiting_authorisation'
RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
       r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
       r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
       r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt";

/* @name MerchantOfMandateRequest */
SELECT merchant_id AS "merchantId" FROM mandate.mandate_requests WHERE id = :id!;
