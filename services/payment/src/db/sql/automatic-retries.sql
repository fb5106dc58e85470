/* @name DueAutomaticRetries */
SELECT p.id, p.merchant_id, p.retry_count FROM payment.payments p
  LEFT JOIN payment.merchant_clocks k ON k.merchant_id = p.merchant_id
 WHERE p.next_retry_at IS NOT NULL AND p.next_retry_at <= :wall!::timestamptz + (:aheadMs!::bigint * interval '1 millisecond')
   AND p.next_retry_at <= :wall!::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')
 ORDER BY p.next_retry_at LIMIT :limit!;

/* @name DropAutomaticRetry */
UPDATE payment.payments SET next_retry_at = NULL WHERE id = :id! AND retry_count = :retryCount! AND status = 'failed';
