/* @name Ping */
SELECT 1 AS "one!";

/* @name OutboxLag */
SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS "lag!" FROM schedule.outbox_events WHERE published_at IS NULL;

/* @name DueBacklog */
SELECT count(*)::int AS "n!" FROM schedule.cycles WHERE status = 'pending' AND due_at <= now();
