/* @name ClocksBehind */
SELECT DISTINCT m.merchant_id AS "merchantId", c.initiation->'CreditorAccount'->>'Identification' AS "accountId!", m.offset_ms::text AS "offsetMs!"
  FROM connector.merchant_clocks m
  JOIN connector.consents c ON c.merchant_id = m.merchant_id AND c.initiation ? 'CreditorAccount'
  LEFT JOIN connector.back_office_clocks b
    ON b.merchant_id = m.merchant_id AND b.account_id = c.initiation->'CreditorAccount'->>'Identification'
 WHERE b.offset_ms IS NULL OR b.offset_ms < m.offset_ms
 LIMIT :limit!;

/* @name RecordClockPushed */
INSERT INTO connector.back_office_clocks AS b (merchant_id, account_id, offset_ms) VALUES (:merchantId!, :accountId!, :offsetMs!::bigint)
ON CONFLICT (merchant_id, account_id) DO UPDATE SET offset_ms = GREATEST(b.offset_ms, EXCLUDED.offset_ms);
