/* @name Ping */
SELECT 1 AS "one!";

/* @name DueBacklog */
SELECT count(*)::int AS "n!" FROM schedule.cycles WHERE status = 'pending' AND due_at <= now();
