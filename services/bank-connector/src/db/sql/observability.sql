/* @name Ping */
SELECT 1 AS "one!";

/* @name Backlog */
SELECT 'payments_' || stage AS "kind!", count(*)::int AS "count!" FROM connector.payments WHERE reported_at IS NULL GROUP BY stage
 UNION ALL SELECT 'refunds_' || stage, count(*)::int FROM connector.refunds WHERE reported_at IS NULL GROUP BY stage
 UNION ALL SELECT 'mandate_reports', count(*)::int FROM connector.mandate_reports WHERE reported_at IS NULL;
