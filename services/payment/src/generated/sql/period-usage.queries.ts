/** Types generated for queries found in "src/db/sql/period-usage.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ClaimUsage' parameters type */
export interface IClaimUsageParams {
  amountMinor: NumberOrString;
  mandateId: string;
  maxAmountMinor?: NumberOrString | null | void;
  maxPayments?: number | null | void;
  paymentId: string;
  usageKey: string;
}

/** 'ClaimUsage' return type */
export interface IClaimUsageResult {
  counted: number | null;
}

/** 'ClaimUsage' query type */
export interface IClaimUsageQuery {
  params: IClaimUsageParams;
  result: IClaimUsageResult;
}

const claimUsageIR: any = {"usedParamSet":{"mandateId":true,"usageKey":true,"maxAmountMinor":true,"maxPayments":true,"amountMinor":true,"paymentId":true},"params":[{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":158},{"a":655,"b":665}]},{"name":"usageKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":170},{"a":668,"b":677}]},{"name":"maxAmountMinor","required":false,"transform":{"type":"scalar"},"locs":[{"a":173,"b":187}]},{"name":"maxPayments","required":false,"transform":{"type":"scalar"},"locs":[{"a":198,"b":209}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":229}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":642,"b":652}]}],"statement":"WITH counted AS (\n  INSERT INTO payment.period_usage AS u (mandate_id, usage_key, max_amount_minor, max_payments, amount_minor, payments)\n  VALUES (:mandateId!, :usageKey!, :maxAmountMinor::bigint, :maxPayments::int, :amountMinor!::bigint, 1)\n  ON CONFLICT (mandate_id, usage_key) DO UPDATE\n    SET amount_minor = u.amount_minor + EXCLUDED.amount_minor, payments = u.payments + 1\n  WHERE (u.max_amount_minor IS NULL OR u.amount_minor + EXCLUDED.amount_minor <= u.max_amount_minor)\n    AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)\n  RETURNING 1)\nINSERT INTO payment.payment_usage (payment_id, mandate_id, usage_key) SELECT :paymentId!, :mandateId!, :usageKey! FROM counted RETURNING 1 AS counted"};

/**
 * Query generated from SQL:
 * ```
 * WITH counted AS (
 *   INSERT INTO payment.period_usage AS u (mandate_id, usage_key, max_amount_minor, max_payments, amount_minor, payments)
 *   VALUES (:mandateId!, :usageKey!, :maxAmountMinor::bigint, :maxPayments::int, :amountMinor!::bigint, 1)
 *   ON CONFLICT (mandate_id, usage_key) DO UPDATE
 *     SET amount_minor = u.amount_minor + EXCLUDED.amount_minor, payments = u.payments + 1
 *   WHERE (u.max_amount_minor IS NULL OR u.amount_minor + EXCLUDED.amount_minor <= u.max_amount_minor)
 *     AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)
 *   RETURNING 1)
 * INSERT INTO payment.payment_usage (payment_id, mandate_id, usage_key) SELECT :paymentId!, :mandateId!, :usageKey! FROM counted RETURNING 1 AS counted
 * ```
 */
export const claimUsage = new PreparedQuery<IClaimUsageParams,IClaimUsageResult>(claimUsageIR);


/** 'ReclaimUsage' parameters type */
export interface IReclaimUsageParams {
  amountMinor: NumberOrString;
  paymentId: string;
}

/** 'ReclaimUsage' return type */
export interface IReclaimUsageResult {
  taken: boolean;
  usage_key: string;
}

/** 'ReclaimUsage' query type */
export interface IReclaimUsageQuery {
  params: IReclaimUsageParams;
  result: IReclaimUsageResult;
}

const reclaimUsageIR: any = {"usedParamSet":{"paymentId":true,"amountMinor":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":106},{"a":651,"b":661}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":228},{"a":409,"b":421}]}],"statement":"WITH released AS (\n  SELECT mandate_id, usage_key FROM payment.payment_usage WHERE payment_id = :paymentId! AND NOT counted FOR UPDATE),\ntaken AS (\n  UPDATE payment.period_usage u SET amount_minor = u.amount_minor + :amountMinor!::bigint, payments = u.payments + 1\n    FROM released r\n   WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key\n     AND (u.max_amount_minor IS NULL OR u.amount_minor + :amountMinor!::bigint <= u.max_amount_minor)\n     AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)\n  RETURNING u.usage_key),\nrecounted AS (\n  UPDATE payment.payment_usage p SET counted = true FROM taken t WHERE p.payment_id = :paymentId! AND p.usage_key = t.usage_key)\nSELECT r.usage_key AS \"usage_key!\", t.usage_key IS NOT NULL AS \"taken!\" FROM released r LEFT JOIN taken t ON t.usage_key = r.usage_key"};

/**
 * Query generated from SQL:
 * ```
 * WITH released AS (
 *   SELECT mandate_id, usage_key FROM payment.payment_usage WHERE payment_id = :paymentId! AND NOT counted FOR UPDATE),
 * taken AS (
 *   UPDATE payment.period_usage u SET amount_minor = u.amount_minor + :amountMinor!::bigint, payments = u.payments + 1
 *     FROM released r
 *    WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key
 *      AND (u.max_amount_minor IS NULL OR u.amount_minor + :amountMinor!::bigint <= u.max_amount_minor)
 *      AND (u.max_payments IS NULL OR u.payments + 1 <= u.max_payments)
 *   RETURNING u.usage_key),
 * recounted AS (
 *   UPDATE payment.payment_usage p SET counted = true FROM taken t WHERE p.payment_id = :paymentId! AND p.usage_key = t.usage_key)
 * SELECT r.usage_key AS "usage_key!", t.usage_key IS NOT NULL AS "taken!" FROM released r LEFT JOIN taken t ON t.usage_key = r.usage_key
 * ```
 */
export const reclaimUsage = new PreparedQuery<IReclaimUsageParams,IReclaimUsageResult>(reclaimUsageIR);


/** 'UsageOf' parameters type */
export interface IUsageOfParams {
  keys: stringArray;
  mandateId: string;
}

/** 'UsageOf' return type */
export interface IUsageOfResult {
  amount_minor: string;
  payments: number;
  usage_key: string;
}

/** 'UsageOf' query type */
export interface IUsageOfQuery {
  params: IUsageOfParams;
  result: IUsageOfResult;
}

const usageOfIR: any = {"usedParamSet":{"mandateId":true,"keys":true},"params":[{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":123}]},{"name":"keys","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":150}]}],"statement":"SELECT usage_key, amount_minor::text AS \"amount_minor!\", payments\n  FROM payment.period_usage WHERE mandate_id = :mandateId! AND usage_key = ANY(:keys!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT usage_key, amount_minor::text AS "amount_minor!", payments
 *   FROM payment.period_usage WHERE mandate_id = :mandateId! AND usage_key = ANY(:keys!::text[])
 * ```
 */
export const usageOf = new PreparedQuery<IUsageOfParams,IUsageOfResult>(usageOfIR);


