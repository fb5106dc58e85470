/* @name PublishCircuitOpen */
INSERT INTO webhook.endpoint_circuits (endpoint_id, open_until)
VALUES (:endpointId!, now() + :forMs! * interval '1 millisecond')
ON CONFLICT (endpoint_id) DO UPDATE SET open_until = GREATEST(endpoint_circuits.open_until, EXCLUDED.open_until);

/* @name PublishCircuitClosed */
DELETE FROM webhook.endpoint_circuits WHERE endpoint_id = :endpointId!;

/* @name CloseCircuitsOfMerchant */
WITH endpoints AS (SELECT id FROM webhook.endpoints WHERE merchant_id = :merchantId!),
closed AS (DELETE FROM webhook.endpoint_circuits c USING endpoints e WHERE c.endpoint_id = e.id)
SELECT id AS "id!" FROM endpoints;

/* @name OpenCircuits */
WITH swept AS (DELETE FROM webhook.endpoint_circuits WHERE open_until < now() - interval '1 hour')
SELECT endpoint_id AS "endpointId", (extract(epoch FROM open_until - now()) * 1000)::float8 AS "remainingMs!"
  FROM webhook.endpoint_circuits WHERE open_until > now();
