/** Types generated for queries found in "src/db/sql/rate-limit-buckets.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'TakeTokens' parameters type */
export interface ITakeTokensParams {
  burst: number;
  merchantId: string;
  nowMs: NumberOrString;
  rps: number;
}

/** 'TakeTokens' return type */
export interface ITakeTokensResult {
  granted: number;
  tokens: number;
}

/** 'TakeTokens' query type */
export interface ITakeTokensQuery {
  params: ITakeTokensParams;
  result: ITakeTokensResult;
}

const takeTokensIR: any = {"usedParamSet":{"merchantId":true,"burst":true,"nowMs":true,"rps":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":109}]},{"name":"burst","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":120},{"a":143,"b":149},{"a":203,"b":209},{"a":269,"b":275},{"a":329,"b":335},{"a":619,"b":625}]},{"name":"nowMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":246},{"a":659,"b":665},{"a":787,"b":793}]},{"name":"rps","required":true,"transform":{"type":"scalar"},"locs":[{"a":693,"b":697}]}],"statement":"INSERT INTO gateway.rate_limit_buckets AS b (merchant_id, tokens, updated_ms, granted)\nVALUES (\n  :merchantId!,\n  :burst!::float8 - (CASE WHEN :burst!::float8 < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(:burst!::float8 / 10)))::int END),\n  :nowMs!::bigint,\n  CASE WHEN :burst!::float8 < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(:burst!::float8 / 10)))::int END\n)\nON CONFLICT (merchant_id) DO UPDATE SET\n  (tokens, granted) = (\n    SELECT refilled - lease, lease\n    FROM (SELECT refilled, CASE WHEN refilled < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(refilled / 10)))::int END AS lease\n            FROM (SELECT LEAST(:burst!::float8, b.tokens + GREATEST(0, :nowMs!::bigint - b.updated_ms) * :rps!::float8 / 1000) AS refilled) AS refill) AS g\n  ),\n  updated_ms = GREATEST(b.updated_ms, :nowMs!::bigint)\nRETURNING tokens, granted"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.rate_limit_buckets AS b (merchant_id, tokens, updated_ms, granted)
 * VALUES (
 *   :merchantId!,
 *   :burst!::float8 - (CASE WHEN :burst!::float8 < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(:burst!::float8 / 10)))::int END),
 *   :nowMs!::bigint,
 *   CASE WHEN :burst!::float8 < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(:burst!::float8 / 10)))::int END
 * )
 * ON CONFLICT (merchant_id) DO UPDATE SET
 *   (tokens, granted) = (
 *     SELECT refilled - lease, lease
 *     FROM (SELECT refilled, CASE WHEN refilled < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(refilled / 10)))::int END AS lease
 *             FROM (SELECT LEAST(:burst!::float8, b.tokens + GREATEST(0, :nowMs!::bigint - b.updated_ms) * :rps!::float8 / 1000) AS refilled) AS refill) AS g
 *   ),
 *   updated_ms = GREATEST(b.updated_ms, :nowMs!::bigint)
 * RETURNING tokens, granted
 * ```
 */
export const takeTokens = new PreparedQuery<ITakeTokensParams,ITakeTokensResult>(takeTokensIR);


