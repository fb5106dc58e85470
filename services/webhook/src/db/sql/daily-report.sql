/* @name DailyDeliveryFigures */
SELECT (created_at AT TIME ZONE 'UTC')::date::text AS "day!", count(*)::text AS "events!",
       count(*) FILTER (WHERE delivery_status = 'delivered')::text AS "delivered!",
       count(*) FILTER (WHERE delivery_status IN ('pending', 'retrying'))::text AS "pending!",
       count(*) FILTER (WHERE delivery_status = 'delivery_failed')::text AS "failed!"
  FROM webhook.events
 WHERE merchant_id = :merchantId! AND created_at >= :from!::timestamptz AND created_at < :to!::timestamptz
 GROUP BY 1
 ORDER BY 1;
