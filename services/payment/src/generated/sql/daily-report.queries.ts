/** Types generated for queries found in "src/db/sql/daily-report.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'DailyFigures' parameters type */
export interface IDailyFiguresParams {
  createdFrom: DateOrString;
  createdTo: DateOrString;
  merchantId: string;
  settledFrom: DateOrString;
  settledTo: DateOrString;
}

/** 'DailyFigures' return type */
export interface IDailyFiguresResult {
  collected_count: string;
  collected_minor: string;
  created: string;
  currency: string;
  day: string;
  failed: string;
  succeeded: string;
}

/** 'DailyFigures' query type */
export interface IDailyFiguresQuery {
  params: IDailyFiguresParams;
  result: IDailyFiguresResult;
}

const dailyFiguresIR: any = {"usedParamSet":{"merchantId":true,"createdFrom":true,"createdTo":true,"settledFrom":true,"settledTo":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":577,"b":588},{"a":807,"b":818}]},{"name":"createdFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":608,"b":620}]},{"name":"createdTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":652,"b":662}]},{"name":"settledFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":843,"b":855}]},{"name":"settledTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":885,"b":895}]}],"statement":"SELECT day::text AS \"day!\", currency AS \"currency!\",\n       sum(created)::text AS \"created!\", sum(succeeded)::text AS \"succeeded!\", sum(failed)::text AS \"failed!\",\n       sum(collected_count)::text AS \"collected_count!\", sum(collected_minor)::text AS \"collected_minor!\"\n  FROM (\n    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, currency, 1 AS created,\n           (status IN ('settled', 'refunded'))::int AS succeeded, (status = 'failed')::int AS failed,\n           0 AS collected_count, 0::bigint AS collected_minor\n      FROM payment.payments\n     WHERE merchant_id = :merchantId! AND created_at >= :createdFrom!::timestamptz AND created_at < :createdTo!::timestamptz\n    UNION ALL\n    SELECT settlement_date, currency, 0, 0, 0, 1, amount_minor\n      FROM payment.payments\n     WHERE merchant_id = :merchantId! AND settlement_date >= :settledFrom!::date AND settlement_date < :settledTo!::date\n       AND status IN ('settled', 'refunded')\n  ) figures\n GROUP BY day, currency\n ORDER BY day, currency"};

/**
 * Query generated from SQL:
 * ```
 * SELECT day::text AS "day!", currency AS "currency!",
 *        sum(created)::text AS "created!", sum(succeeded)::text AS "succeeded!", sum(failed)::text AS "failed!",
 *        sum(collected_count)::text AS "collected_count!", sum(collected_minor)::text AS "collected_minor!"
 *   FROM (
 *     SELECT (created_at AT TIME ZONE 'UTC')::date AS day, currency, 1 AS created,
 *            (status IN ('settled', 'refunded'))::int AS succeeded, (status = 'failed')::int AS failed,
 *            0 AS collected_count, 0::bigint AS collected_minor
 *       FROM payment.payments
 *      WHERE merchant_id = :merchantId! AND created_at >= :createdFrom!::timestamptz AND created_at < :createdTo!::timestamptz
 *     UNION ALL
 *     SELECT settlement_date, currency, 0, 0, 0, 1, amount_minor
 *       FROM payment.payments
 *      WHERE merchant_id = :merchantId! AND settlement_date >= :settledFrom!::date AND settlement_date < :settledTo!::date
 *        AND status IN ('settled', 'refunded')
 *   ) figures
 *  GROUP BY day, currency
 *  ORDER BY day, currency
 * ```
 */
export const dailyFigures = new PreparedQuery<IDailyFiguresParams,IDailyFiguresResult>(dailyFiguresIR);


