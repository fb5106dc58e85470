/* @name Ping */
SELECT 1 AS "one!";

/* @name OutboxLag */
SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS "lag!" FROM refund.outbox_events WHERE published_at IS NULL;

/* @name RefundsByStatus */
SELECT status, count(*)::int AS "count!" FROM refund.refunds GROUP BY status;
