/* @name RecordWithSubscriptions */
WITH input AS (
  SELECT * FROM unnest(:ids!::text[], :merchantIds!::text[], :eventTypes!::text[], :createdAts!::timestamptz[], :datas!::text[], :tests!::bool[],
                       :traceparents!::text[], :ats!::timestamptz[])
    AS i(id, merchant_id, event_type, created_at, data, test, traceparent, at)),
subscribed AS (
  SELECT i.id AS event_id, e.id AS endpoint_id, e.url, i.at
    FROM input i JOIN webhook.endpoints e ON e.merchant_id = i.merchant_id AND e.status = 'enabled' AND e.deleted_at IS NULL
     AND webhook.subscribes(e.enabled_events, i.event_type)
   WHERE (e.id, e.url) NOT IN (SELECT * FROM unnest(:excludedIds!::text[], :excludedUrls!::text[]))),
ev AS (
  INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, test, delivery_status, traceparent, deliveries_pending)
  SELECT i.id, i.merchant_id, i.event_type, i.created_at, i.data, i.test, webhook.event_delivery_status(n.due, 0, 0, 0), i.traceparent, n.due
    FROM input i CROSS JOIN LATERAL (SELECT count(*)::int AS due FROM subscribed s WHERE s.event_id = i.id) n
  ON CONFLICT (id) DO NOTHING RETURNING id, merchant_id),
due AS (
  INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at)
  SELECT ev.merchant_id, ev.id, s.endpoint_id, s.at, s.at FROM ev JOIN subscribed s ON s.event_id = ev.id
  ON CONFLICT (event_id, endpoint_id) DO NOTHING)
SELECT ev.id AS "eventId!", s.endpoint_id AS "endpointId?", s.url AS "url?" FROM ev LEFT JOIN subscribed s ON s.event_id = ev.id;

/* @name LockEvents */
SELECT id FROM webhook.events WHERE id = ANY(:eventIds!::text[]) ORDER BY id FOR UPDATE;

/* @name DeleteUnattemptedDeliveries */
DELETE FROM webhook.deliveries d USING unnest(:eventIds!::text[], :endpointIds!::text[]) AS w(event_id, endpoint_id)
 WHERE d.event_id = w.event_id AND d.endpoint_id = w.endpoint_id AND d.status = 'pending' AND d.attempt_count = 0;

/* @name EndpointUrls */
SELECT id, url FROM webhook.endpoints WHERE deleted_at IS NULL;
