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


/** 'Backlog' parameters type */
export type IBacklogParams = void;

/** 'Backlog' return type */
export interface IBacklogResult {
  count: number;
  kind: string;
}

/** 'Backlog' query type */
export interface IBacklogQuery {
  params: IBacklogParams;
  result: IBacklogResult;
}

const backlogIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT 'payments_' || stage AS \"kind!\", count(*)::int AS \"count!\" FROM connector.payments WHERE reported_at IS NULL GROUP BY stage\n UNION ALL SELECT 'refunds_' || stage, count(*)::int FROM connector.refunds WHERE reported_at IS NULL GROUP BY stage\n UNION ALL SELECT 'mandate_reports', count(*)::int FROM connector.mandate_reports WHERE reported_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 'payments_' || stage AS "kind!", count(*)::int AS "count!" FROM connector.payments WHERE reported_at IS NULL GROUP BY stage
 *  UNION ALL SELECT 'refunds_' || stage, count(*)::int FROM connector.refunds WHERE reported_at IS NULL GROUP BY stage
 *  UNION ALL SELECT 'mandate_reports', count(*)::int FROM connector.mandate_reports WHERE reported_at IS NULL
 * ```
 */
export const backlog = new PreparedQuery<IBacklogParams,IBacklogResult>(backlogIR);


