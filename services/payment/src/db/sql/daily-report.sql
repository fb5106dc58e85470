/* @name DailyFigures */
SELECT day::text AS "day!", currency AS "currency!",
       sum(created)::text AS "created!", sum(succeeded)::text AS "succeeded!", sum(failed)::text AS "failed!",
       sum(collected_count)::text AS "collected_count!", sum(collected_minor)::text AS "collected_minor!"
  FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, currency, 1 AS created,
           (status IN ('settled', 'refunded'))::int AS succeeded, (status = 'failed')::int AS failed,
           0 AS collected_count, 0::bigint AS collected_minor
      FROM payment.payments
     WHERE merchant_id = :merchantId! AND created_at >= :createdFrom!::timestamptz AND created_at < :createdTo!::timestamptz
    UNION ALL
    SELECT settlement_date, currency, 0, 0, 0, 1, amount_minor
      FROM payment.payments
     WHERE merchant_id = :merchantId! AND settlement_date >= :settledFrom!::date AND settlement_date < :settledTo!::date
       AND status IN ('settled', 'refunded')
  ) figures
 GROUP BY day, currency
 ORDER BY day, currency;
