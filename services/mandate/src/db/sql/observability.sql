/* @name Ping */
SELECT 1 AS "one!";

/* @name OutboxLag */
SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS "lag!" FROM mandate.outbox_events WHERE published_at IS NULL;
