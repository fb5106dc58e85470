/* @name SpendManualRetry */
WITH spent AS (
  INSERT INTO webhook.manual_retry_budgets AS b (merchant_id, window_started_at, used) VALUES (:merchantId!, now(), 1)
  ON CONFLICT (merchant_id) DO UPDATE
     SET window_started_at = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN now() ELSE b.window_started_at END,
         used = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN 1 ELSE b.used + 1 END
   WHERE b.window_started_at <= now() - interval '1 hour' OR b.used < :perHour!::int
  RETURNING merchant_id)
SELECT EXISTS (SELECT 1 FROM spent) AS "spent!",
       coalesce((SELECT window_started_at FROM webhook.manual_retry_budgets WHERE merchant_id = :merchantId!), now())
         + interval '1 hour' AS "windowEndsAt!";
