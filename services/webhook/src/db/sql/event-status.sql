/* @name LockEvent */
SELECT id FROM webhook.events WHERE id = :eventId! FOR UPDATE;

/* @name LockMerchantEvent */
SELECT id FROM webhook.events WHERE id = :eventId! AND merchant_id = :merchantId! FOR UPDATE;

/* @name RecountEvent */
UPDATE webhook.events ev
   SET deliveries_pending = s.p, deliveries_retrying = s.r, deliveries_delivered = s.d, deliveries_failed = s.f,
       delivery_status = webhook.event_delivery_status(s.p, s.r, s.d, s.f)
  FROM (SELECT e.id,
               count(*) FILTER (WHERE d.status = 'pending')::int AS p,
               count(*) FILTER (WHERE d.status = 'retrying')::int AS r,
               count(*) FILTER (WHERE d.status = 'delivered')::int AS d,
               count(*) FILTER (WHERE d.status = 'failed')::int AS f
          FROM webhook.events e LEFT JOIN webhook.deliveries d ON d.event_id = e.id
         WHERE e.id = :eventId! GROUP BY e.id) s
 WHERE ev.id = s.id;

/* @name RecountEvents */
UPDATE webhook.events ev
   SET deliveries_pending = s.p, deliveries_retrying = s.r, deliveries_delivered = s.d, deliveries_failed = s.f,
       delivery_status = webhook.event_delivery_status(s.p, s.r, s.d, s.f)
  FROM (SELECT e.id,
               count(*) FILTER (WHERE d.status = 'pending')::int AS p,
               count(*) FILTER (WHERE d.status = 'retrying')::int AS r,
               count(*) FILTER (WHERE d.status = 'delivered')::int AS d,
               count(*) FILTER (WHERE d.status = 'failed')::int AS f
          FROM webhook.events e LEFT JOIN webhook.deliveries d ON d.event_id = e.id
         WHERE e.id = ANY(:eventIds!::text[]) GROUP BY e.id) s
 WHERE ev.id = s.id;
