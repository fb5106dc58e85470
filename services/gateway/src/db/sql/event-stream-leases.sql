/* @name LockMerchantLeases */
SELECT pg_advisory_xact_lock(hashtext('event-stream-leases'), hashtext(:merchantId!))::text AS locked;

/* @name DeleteExpiredLeasesOf */
DELETE FROM gateway.event_stream_leases WHERE merchant_id = :merchantId! AND expires_at <= now();

/* @name CountLeases */
SELECT count(*)::int AS "n!" FROM gateway.event_stream_leases WHERE merchant_id = :merchantId!;

/* @name InsertLease */
INSERT INTO gateway.event_stream_leases (id, merchant_id, expires_at) VALUES (:id!, :merchantId!, now() + make_interval(secs => :ttlSeconds!));

/* @name RenewLease */
UPDATE gateway.event_stream_leases SET expires_at = now() + make_interval(secs => :ttlSeconds!) WHERE id = :id!;

/* @name DeleteLease */
DELETE FROM gateway.event_stream_leases WHERE id = :id!;

/* @name DeleteExpiredLeases */
DELETE FROM gateway.event_stream_leases WHERE expires_at <= :now!;
