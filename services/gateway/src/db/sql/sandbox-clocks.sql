/* @name SelectClockOffset */
SELECT offset_ms AS "offsetMs" FROM gateway.sandbox_clocks WHERE merchant_id = :merchantId!;

/* @name LockClock */
INSERT INTO gateway.sandbox_clocks AS c (merchant_id, offset_ms) VALUES (:merchantId!, 0)
ON CONFLICT (merchant_id) DO UPDATE SET updated_at = c.updated_at
RETURNING offset_ms AS "offsetMs";

/* @name SetClockOffset */
UPDATE gateway.sandbox_clocks SET offset_ms = :offsetMs!, updated_at = now() WHERE merchant_id = :merchantId!;
