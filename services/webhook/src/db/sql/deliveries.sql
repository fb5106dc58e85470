/* @name PostponeDelivery */
UPDATE webhook.deliveries SET next_attempt_at = :until!, leased_until = NULL
 WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying') AND window_started_at >= :latestStart!
RETURNING id::text AS "id!";

/* @name ExpireDelivery */
UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
 WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying') AND window_started_at < :latestStart!
RETURNING id::text AS "id!";

/* @name PutBackDelivery */
UPDATE webhook.deliveries SET next_attempt_at = :at!, leased_until = NULL
 WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying');

/* @name AbandonDelivery */
UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
 WHERE id = :id!::bigint AND status IN ('pending', 'retrying');

/* @name InsertDueDeliveries */
INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
SELECT :merchantId!, :eventId!, endpoint_id, :at!::timestamptz, :at!::timestamptz, :manual!::boolean FROM unnest(:endpointIds!::text[]) AS endpoint_id
ON CONFLICT DO NOTHING;

/* @name RearmDeliveries */
UPDATE webhook.deliveries d
   SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
       status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
       next_attempt_at = :at!,
       window_started_at = :at!,
       manual = true,
       leased_until = NULL
  FROM webhook.endpoints e
 WHERE d.event_id = :eventId! AND e.id = d.endpoint_id AND e.status = 'enabled';

/* @name WaitingEventsOfEndpoint */
SELECT event_id AS "eventId" FROM webhook.deliveries WHERE endpoint_id = :endpointId! AND status IN ('pending', 'retrying') ORDER BY event_id;

/* @name FailWaitingDeliveries */
UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
 WHERE endpoint_id = :endpointId! AND event_id = :eventId! AND status IN ('pending', 'retrying');
