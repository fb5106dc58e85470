/* @name ReserveRateSlot */
UPDATE webhook.endpoints
   SET rate_next_at = greatest(coalesce(rate_next_at, :now!::timestamptz), :now!::timestamptz) + :spacingMs!::float8 * interval '1 millisecond'
 WHERE id = :endpointId!
RETURNING rate_next_at - :spacingMs!::float8 * interval '1 millisecond' AS "slot!";

/* @name WaitForRateSlot */
UPDATE webhook.deliveries SET next_attempt_at = :dueAt!, leased_until = NULL, rate_slot_at = :slot!
 WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying');

/* @name SpendRateSlot */
UPDATE webhook.deliveries SET rate_slot_at = NULL WHERE id = :id!::bigint;
