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


/** 'DueBacklog' parameters type */
export type IDueBacklogParams = void;

/** 'DueBacklog' return type */
export interface IDueBacklogResult {
  n: number;
}

/** 'DueBacklog' query type */
export interface IDueBacklogQuery {
  params: IDueBacklogParams;
  result: IDueBacklogResult;
}

const dueBacklogIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT count(*)::int AS \"n!\" FROM schedule.cycles WHERE status = 'pending' AND due_at <= now()"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM schedule.cycles WHERE status = 'pending' AND due_at <= now()
 * ```
 */
export const dueBacklog = new PreparedQuery<IDueBacklogParams,IDueBacklogResult>(dueBacklogIR);


