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


/** 'OutboxLag' parameters type */
export type IOutboxLagParams = void;

/** 'OutboxLag' return type */
export interface IOutboxLagResult {
  lag: number;
}

/** 'OutboxLag' query type */
export interface IOutboxLagQuery {
  params: IOutboxLagParams;
  result: IOutboxLagResult;
}

const outboxLagIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS \"lag!\" FROM mandate.outbox_events WHERE published_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS "lag!" FROM mandate.outbox_events WHERE published_at IS NULL
 * ```
 */
export const outboxLag = new PreparedQuery<IOutboxLagParams,IOutboxLagResult>(outboxLagIR);


