/* @name EventsAfter */
SELECT stream_seq::text AS "seq!", id, merchant_id AS "merchantId", event_type AS "eventType", created_at AS "createdAt",
       data, test, delivery_status AS "deliveryStatus"
  FROM webhook.events
 WHERE merchant_id = :merchantId! AND stream_seq > :afterSeq!::bigint
 ORDER BY stream_seq
 LIMIT :limit!;

/* @name StreamHead */
SELECT coalesce(max(stream_seq), 0)::text AS "last!" FROM webhook.events WHERE merchant_id = :merchantId!;
