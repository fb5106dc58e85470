/* @name PingDatabase */
SELECT 1 AS one;

/* @name PaymentsByStatus */
SELECT status, count(*)::int AS "count!" FROM payment.payments GROUP BY status;
