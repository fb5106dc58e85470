/* @name AcceptReplay */
WITH gate AS (
  INSERT INTO webhook.replay_gates AS g (merchant_id, last_accepted_at) VALUES (:merchantId!, now())
  ON CONFLICT (merchant_id) DO UPDATE SET last_accepted_at = now()
   WHERE g.last_accepted_at <= now() - :intervalMs! * interval '1 millisecond'
  RETURNING merchant_id),
matching AS (
  SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook.events ev
    WHERE ev.merchant_id = :merchantId! AND (:deliveryStatus! = '' OR ev.delivery_status = :deliveryStatus!)
      AND (:createdFrom::timestamptz IS NULL OR ev.created_at >= :createdFrom::timestamptz)
      AND (:createdTo::timestamptz IS NULL OR ev.created_at <= :createdTo::timestamptz)
    LIMIT :limit!) m),
request AS (
  INSERT INTO webhook.replay_requests (merchant_id, delivery_status, endpoint_id, created_from, created_to, event_count)
  SELECT :merchantId!, :deliveryStatus!, :endpointId!, :createdFrom, :createdTo, (SELECT n FROM matching) FROM gate
  RETURNING event_count)
SELECT (SELECT event_count FROM request) AS "count",
       coalesce((SELECT last_accepted_at FROM webhook.replay_gates WHERE merchant_id = :merchantId!), now()) + :intervalMs! * interval '1 millisecond'
         AS "opensAt!";

/* @name ClaimReplay */
UPDATE webhook.replay_requests r SET leased_until = :leaseUntil!
 WHERE r.id = (SELECT id FROM webhook.replay_requests
                WHERE done_at IS NULL AND (leased_until IS NULL OR leased_until <= now())
                ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING r.id::text AS "id!", r.merchant_id AS "merchantId", r.delivery_status AS "deliveryStatus", r.endpoint_id AS "endpointId",
          r.created_from AS "createdFrom", r.created_to AS "createdTo", r.accepted_at AS "acceptedAt", r.event_count AS "eventCount",
          r.rearmed, r.after_created_at AS "afterCreatedAt", r.after_id AS "afterId";

/* @name ReplayBatchEvents */
SELECT id, created_at AS "createdAt" FROM (
  SELECT id, created_at FROM webhook.events
   WHERE merchant_id = :merchantId! AND recorded_at <= :acceptedAt!
     AND (:deliveryStatus! = '' OR delivery_status = :deliveryStatus!)
     AND (:createdFrom::timestamptz IS NULL OR created_at >= :createdFrom::timestamptz)
     AND (:createdTo::timestamptz IS NULL OR created_at <= :createdTo::timestamptz)
     AND (:afterId::text IS NULL OR (created_at, id) > (:afterCreatedAt::timestamptz, :afterId::text))
   ORDER BY created_at, id LIMIT :limit!
) chosen ORDER BY id FOR UPDATE;

/* @name InsertReplayDeliveries */
INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
SELECT ev.merchant_id, ev.id, ep.id, :at!::timestamptz, :at!::timestamptz, true
  FROM webhook.events ev
  JOIN webhook.endpoints ep ON ep.merchant_id = ev.merchant_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL
       AND webhook.subscribes(ep.enabled_events, ev.event_type) AND (:endpointId! = '' OR ep.id = :endpointId!)
 WHERE ev.id = ANY(:eventIds!::text[])
ON CONFLICT (event_id, endpoint_id) DO NOTHING;

/* @name RearmReplayDeliveries */
UPDATE webhook.deliveries d
   SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
       status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
       next_attempt_at = :at!, window_started_at = :at!, manual = true, leased_until = NULL
  FROM webhook.endpoints ep
 WHERE d.event_id = ANY(:eventIds!::text[]) AND ep.id = d.endpoint_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL
   AND (:endpointId! = '' OR ep.id = :endpointId!);

/* @name RecordReplayProgress */
UPDATE webhook.replay_requests
   SET rearmed = :rearmed!, after_created_at = :afterCreatedAt, after_id = :afterId, done_at = :doneAt, leased_until = :leaseUntil
 WHERE id = :id!::bigint AND rearmed = :rearmedBefore! AND done_at IS NULL
RETURNING id::text AS "id!";

/* @name ReleaseReplay */
UPDATE webhook.replay_requests SET leased_until = NULL WHERE id = :id!::bigint AND done_at IS NULL;
