/** Types generated for queries found in "src/db/sql/observability.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'PingDatabase' parameters type */
export type IPingDatabaseParams = void;

/** 'PingDatabase' return type */
export interface IPingDatabaseResult {
  one: number | null;
}

/** 'PingDatabase' query type */
export interface IPingDatabaseQuery {
  params: IPingDatabaseParams;
  result: IPingDatabaseResult;
}

const pingDatabaseIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT 1 AS one"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS one
 * ```
 */
export const pingDatabase = new PreparedQuery<IPingDatabaseParams,IPingDatabaseResult>(pingDatabaseIR);


/** 'PaymentsByStatus' parameters type */
export type IPaymentsByStatusParams = void;

/** 'PaymentsByStatus' return type */
export interface IPaymentsByStatusResult {
  count: number;
  status: string;
}

/** 'PaymentsByStatus' query type */
export interface IPaymentsByStatusQuery {
  params: IPaymentsByStatusParams;
  result: IPaymentsByStatusResult;
}

const paymentsByStatusIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT status, count(*)::int AS \"count!\" FROM payment.payments GROUP BY status"};

/**
 * Query generated from SQL:
 * ```
 * SELECT status, count(*)::int AS "count!" FROM payment.payments GROUP BY status
 * ```
 */
export const paymentsByStatus = new PreparedQuery<IPaymentsByStatusParams,IPaymentsByStatusResult>(paymentsByStatusIR);


