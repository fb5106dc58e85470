/* @name Ping */
SELECT 1 AS "one!";

/* @name RefundsByStatus */
SELECT status, count(*)::int AS "count!" FROM refund.refunds GROUP BY status;
