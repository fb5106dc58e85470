/** Types generated for queries found in "src/db/sql/automatic-retries.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'DueAutomaticRetries' parameters type */
export interface IDueAutomaticRetriesParams {
  aheadMs: NumberOrString;
  limit: NumberOrString;
  wall: DateOrString;
}

/** 'DueAutomaticRetries' return type */
export interface IDueAutomaticRetriesResult {
  id: string;
  merchant_id: string;
  retry_count: number;
}

/** 'DueAutomaticRetries' query type */
export interface IDueAutomaticRetriesQuery {
  params: IDueAutomaticRetriesParams;
  result: IDueAutomaticRetriesResult;
}

const dueAutomaticRetriesIR: any = {"usedParamSet":{"wall":true,"aheadMs":true,"limit":true},"params":[{"name":"wall","required":true,"transform":{"type":"scalar"},"locs":[{"a":195,"b":200},{"a":290,"b":295}]},{"name":"aheadMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":226}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":398,"b":404}]}],"statement":"SELECT p.id, p.merchant_id, p.retry_count FROM payment.payments p\n  LEFT JOIN payment.merchant_clocks k ON k.merchant_id = p.merchant_id\n WHERE p.next_retry_at IS NOT NULL AND p.next_retry_at <= :wall!::timestamptz + (:aheadMs!::bigint * interval '1 millisecond')\n   AND p.next_retry_at <= :wall!::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')\n ORDER BY p.next_retry_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id, p.merchant_id, p.retry_count FROM payment.payments p
 *   LEFT JOIN payment.merchant_clocks k ON k.merchant_id = p.merchant_id
 *  WHERE p.next_retry_at IS NOT NULL AND p.next_retry_at <= :wall!::timestamptz + (:aheadMs!::bigint * interval '1 millisecond')
 *    AND p.next_retry_at <= :wall!::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')
 *  ORDER BY p.next_retry_at LIMIT :limit!
 * ```
 */
export const dueAutomaticRetries = new PreparedQuery<IDueAutomaticRetriesParams,IDueAutomaticRetriesResult>(dueAutomaticRetriesIR);


/** 'DropAutomaticRetry' parameters type */
export interface IDropAutomaticRetryParams {
  id: string;
  retryCount: number;
}

/** 'DropAutomaticRetry' return type */
export type IDropAutomaticRetryResult = void;

/** 'DropAutomaticRetry' query type */
export interface IDropAutomaticRetryQuery {
  params: IDropAutomaticRetryParams;
  result: IDropAutomaticRetryResult;
}

const dropAutomaticRetryIR: any = {"usedParamSet":{"id":true,"retryCount":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":63}]},{"name":"retryCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":94}]}],"statement":"UPDATE payment.payments SET next_retry_at = NULL WHERE id = :id! AND retry_count = :retryCount! AND status = 'failed'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.payments SET next_retry_at = NULL WHERE id = :id! AND retry_count = :retryCount! AND status = 'failed'
 * ```
 */
export const dropAutomaticRetry = new PreparedQuery<IDropAutomaticRetryParams,IDropAutomaticRetryResult>(dropAutomaticRetryIR);


