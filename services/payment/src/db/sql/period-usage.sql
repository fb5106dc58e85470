/* @name ClaimUsage */
WITH counted AS (
  INSERT INTO payment.period_usage AS u (mandate_id, usage_key, max_amount_minor, max_payments, amount_minor, payments)
  VALUES (:mandateId!, :usageKey!, :maxAmountMinor::bigint, :maxPayments::int, :amountMinor!::bigint, 1)
  ON CONFLICT (mandate_id, usage_key) DO UPDATE
    SET amount_minor = u.amount_minor + EXCLUDED.amount_minor, payments = u.payments + 1
  WHERE (u.max_amount_minor IS NULL OR u.amount_minor + EXCLUDED.amount_minor <= u.max_amount_minor)
    AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)
  RETURNING 1)
INSERT INTO payment.payment_usage (payment_id, mandate_id, usage_key) SELECT :paymentId!, :mandateId!, :usageKey! FROM counted RETURNING 1 AS counted;

/* @name ReclaimUsage */
WITH released AS (
  SELECT mandate_id, usage_key FROM payment.payment_usage WHERE payment_id = :paymentId! AND NOT counted FOR UPDATE),
taken AS (
  UPDATE payment.period_usage u SET amount_minor = u.amount_minor + :amountMinor!::bigint, payments = u.payments + 1
    FROM released r
   WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key
     AND (u.max_amount_minor IS NULL OR u.amount_minor + :amountMinor!::bigint <= u.max_amount_minor)
     AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)
  RETURNING u.usage_key),
recounted AS (
  UPDATE payment.payment_usage p SET counted = true FROM taken t WHERE p.payment_id = :paymentId! AND p.usage_key = t.usage_key)
SELECT r.usage_key AS "usage_key!", t.usage_key IS NOT NULL AS "taken!" FROM released r LEFT JOIN taken t ON t.usage_key = r.usage_key;

/* @name UsageOf */
SELECT usage_key, amount_minor::text AS "amount_minor!", payments
  FROM payment.period_usage WHERE mandate_id = :mandateId! AND usage_key = ANY(:keys!::text[]);
