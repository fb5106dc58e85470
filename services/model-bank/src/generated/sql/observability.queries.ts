/** Types generated for queries found in "src/db/sql/observability.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'Ping' parameters type */
export type IPingParams = void;

/** 'Ping' return type */
export interface IPingResult {
  one: number;
}

/** 'Ping' query type */
export interface IPingQuery {
  params: IPingParams;
  result: IPingResult;
}

const pingIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT 1 AS \"one!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "one!"
 * ```
 */
export const ping = new PreparedQuery<IPingParams,IPingResult>(pingIR);


/** 'ResourcesByStatus' parameters type */
export type IResourcesByStatusParams = void;

/** 'ResourcesByStatus' return type */
export interface IResourcesByStatusResult {
  count: number;
  resource: string;
  status: string;
}

/** 'ResourcesByStatus' query type */
export interface IResourcesByStatusQuery {
  params: IResourcesByStatusParams;
  result: IResourcesByStatusResult;
}

const resourcesByStatusIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT 'consent' AS \"resource!\", status AS \"status!\", count(*)::int AS \"count!\" FROM model_bank.consents GROUP BY status\nUNION ALL SELECT 'domestic_vrp', status, count(*)::int FROM model_bank.domestic_vrps GROUP BY status\nUNION ALL SELECT 'payout', status, count(*)::int FROM model_bank.payouts GROUP BY status"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 'consent' AS "resource!", status AS "status!", count(*)::int AS "count!" FROM model_bank.consents GROUP BY status
 * UNION ALL SELECT 'domestic_vrp', status, count(*)::int FROM model_bank.domestic_vrps GROUP BY status
 * UNION ALL SELECT 'payout', status, count(*)::int FROM model_bank.payouts GROUP BY status
 * ```
 */
export const resourcesByStatus = new PreparedQuery<IResourcesByStatusParams,IResourcesByStatusResult>(resourcesByStatusIR);


