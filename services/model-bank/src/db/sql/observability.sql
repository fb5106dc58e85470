/* @name Ping */
SELECT 1 AS "one!";

/* @name ResourcesByStatus */
SELECT 'consent' AS "resource!", status AS "status!", count(*)::int AS "count!" FROM model_bank.consents GROUP BY status
UNION ALL SELECT 'domestic_vrp', status, count(*)::int FROM model_bank.domestic_vrps GROUP BY status
UNION ALL SELECT 'payout', status, count(*)::int FROM model_bank.payouts GROUP BY status;
