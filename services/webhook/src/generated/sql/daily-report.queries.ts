/** Types generated for queries found in "src/db/sql/daily-report.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'DailyDeliveryFigures' parameters type */
export interface IDailyDeliveryFiguresParams {
  from: DateOrString;
  merchantId: string;
  to: DateOrString;
}

/** 'DailyDeliveryFigures' return type */
export interface IDailyDeliveryFiguresResult {
  day: string;
  delivered: string;
  events: string;
  failed: string;
  pending: string;
}

/** 'DailyDeliveryFigures' query type */
export interface IDailyDeliveryFiguresQuery {
  params: IDailyDeliveryFiguresParams;
  result: IDailyDeliveryFiguresResult;
}

const dailyDeliveryFiguresIR: any = {"usedParamSet":{"merchantId":true,"from":true,"to":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":399,"b":410}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":430,"b":435}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":467,"b":470}]}],"statement":"SELECT (created_at AT TIME ZONE 'UTC')::date::text AS \"day!\", count(*)::text AS \"events!\",\n       count(*) FILTER (WHERE delivery_status = 'delivered')::text AS \"delivered!\",\n       count(*) FILTER (WHERE delivery_status IN ('pending', 'retrying'))::text AS \"pending!\",\n       count(*) FILTER (WHERE delivery_status = 'delivery_failed')::text AS \"failed!\"\n  FROM webhook.events\n WHERE merchant_id = :merchantId! AND created_at >= :from!::timestamptz AND created_at < :to!::timestamptz\n GROUP BY 1\n ORDER BY 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT (created_at AT TIME ZONE 'UTC')::date::text AS "day!", count(*)::text AS "events!",
 *        count(*) FILTER (WHERE delivery_status = 'delivered')::text AS "delivered!",
 *        count(*) FILTER (WHERE delivery_status IN ('pending', 'retrying'))::text AS "pending!",
 *        count(*) FILTER (WHERE delivery_status = 'delivery_failed')::text AS "failed!"
 *   FROM webhook.events
 *  WHERE merchant_id = :merchantId! AND created_at >= :from!::timestamptz AND created_at < :to!::timestamptz
 *  GROUP BY 1
 *  ORDER BY 1
 * ```
 */
export const dailyDeliveryFigures = new PreparedQuery<IDailyDeliveryFiguresParams,IDailyDeliveryFiguresResult>(dailyDeliveryFiguresIR);


