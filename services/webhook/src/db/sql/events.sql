/* @name EventById */
SELECT ev.id, ev.merchant_id AS "merchantId", ev.event_type AS "eventType", ev.created_at AS "createdAt", ev.data, ev.test,
  ev.delivery_status AS "deliveryStatus", ev.recorded_at AS "recordedAt", ev.traceparent, ev.stream_seq::text AS "streamSeq!",
  ev.resource_id AS "resourceId"
  FROM webhook.events ev WHERE ev.id = :id!;

/* @name MerchantEvent */
SELECT ev.id, ev.merchant_id AS "merchantId", ev.event_type AS "eventType", ev.created_at AS "createdAt", ev.data, ev.test,
  ev.delivery_status AS "deliveryStatus", ev.recorded_at AS "recordedAt", ev.traceparent, ev.stream_seq::text AS "streamSeq!",
  ev.resource_id AS "resourceId"
  FROM webhook.events ev WHERE ev.merchant_id = :merchantId! AND ev.id = :id!;

/* @name EventAttempts */
SELECT id::text AS "id!", delivery_id::text AS "deliveryId!", event_id AS "eventId", endpoint_id AS "endpointId", attempt,
       attempted_at AS "attemptedAt", status_code AS "statusCode", latency_ms AS "latencyMs", error, success,
       response_excerpt AS "responseExcerpt"
  FROM webhook.attempts WHERE event_id = :eventId! ORDER BY attempted_at, id;
