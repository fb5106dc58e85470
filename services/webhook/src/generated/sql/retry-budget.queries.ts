/** Types generated for queries found in "src/db/sql/retry-budget.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'SpendManualRetry' parameters type */
export interface ISpendManualRetryParams {
  merchantId: string;
  perHour: number;
}

/** 'SpendManualRetry' return type */
export interface ISpendManualRetryResult {
  spent: boolean;
  windowEndsAt: Date;
}

/** 'SpendManualRetry' query type */
export interface ISpendManualRetryQuery {
  params: ISpendManualRetryParams;
  result: ISpendManualRetryResult;
}

const spendManualRetryIR: any = {"usedParamSet":{"merchantId":true,"perHour":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":111,"b":122},{"a":659,"b":670}]},{"name":"perHour","required":true,"transform":{"type":"scalar"},"locs":[{"a":474,"b":482}]}],"statement":"WITH spent AS (\n  INSERT INTO webhook.manual_retry_budgets AS b (merchant_id, window_started_at, used) VALUES (:merchantId!, now(), 1)\n  ON CONFLICT (merchant_id) DO UPDATE\n     SET window_started_at = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN now() ELSE b.window_started_at END,\n         used = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN 1 ELSE b.used + 1 END\n   WHERE b.window_started_at <= now() - interval '1 hour' OR b.used < :perHour!::int\n  RETURNING merchant_id)\nSELECT EXISTS (SELECT 1 FROM spent) AS \"spent!\",\n       coalesce((SELECT window_started_at FROM webhook.manual_retry_budgets WHERE merchant_id = :merchantId!), now())\n         + interval '1 hour' AS \"windowEndsAt!\""};

/**
 * Query generated from SQL:
 * ```
 * WITH spent AS (
 *   INSERT INTO webhook.manual_retry_budgets AS b (merchant_id, window_started_at, used) VALUES (:merchantId!, now(), 1)
 *   ON CONFLICT (merchant_id) DO UPDATE
 *      SET window_started_at = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN now() ELSE b.window_started_at END,
 *          used = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN 1 ELSE b.used + 1 END
 *    WHERE b.window_started_at <= now() - interval '1 hour' OR b.used < :perHour!::int
 *   RETURNING merchant_id)
 * SELECT EXISTS (SELECT 1 FROM spent) AS "spent!",
 *        coalesce((SELECT window_started_at FROM webhook.manual_retry_budgets WHERE merchant_id = :merchantId!), now())
 *          + interval '1 hour' AS "windowEndsAt!"
 * ```
 */
export const spendManualRetry = new PreparedQuery<ISpendManualRetryParams,ISpendManualRetryResult>(spendManualRetryIR);


