/** Types generated for queries found in "src/db/sql/rate-slots.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'ReserveRateSlot' parameters type */
export interface IReserveRateSlotParams {
  endpointId: string;
  now: DateOrString;
  spacingMs: number;
}

/** 'ReserveRateSlot' return type */
export interface IReserveRateSlotResult {
  slot: Date;
}

/** 'ReserveRateSlot' query type */
export interface IReserveRateSlotQuery {
  params: IReserveRateSlotParams;
  result: IReserveRateSlotResult;
}

const reserveRateSlotIR: any = {"usedParamSet":{"now":true,"spacingMs":true,"endpointId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":83},{"a":100,"b":104}]},{"name":"spacingMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":132},{"a":219,"b":229}]},{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":192}]}],"statement":"UPDATE webhook.endpoints\n   SET rate_next_at = greatest(coalesce(rate_next_at, :now!::timestamptz), :now!::timestamptz) + :spacingMs!::float8 * interval '1 millisecond'\n WHERE id = :endpointId!\nRETURNING rate_next_at - :spacingMs!::float8 * interval '1 millisecond' AS \"slot!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints
 *    SET rate_next_at = greatest(coalesce(rate_next_at, :now!::timestamptz), :now!::timestamptz) + :spacingMs!::float8 * interval '1 millisecond'
 *  WHERE id = :endpointId!
 * RETURNING rate_next_at - :spacingMs!::float8 * interval '1 millisecond' AS "slot!"
 * ```
 */
export const reserveRateSlot = new PreparedQuery<IReserveRateSlotParams,IReserveRateSlotResult>(reserveRateSlotIR);


/** 'WaitForRateSlot' parameters type */
export interface IWaitForRateSlotParams {
  attemptCount: number;
  dueAt: DateOrString;
  id: NumberOrString;
  slot: DateOrString;
}

/** 'WaitForRateSlot' return type */
export type IWaitForRateSlotResult = void;

/** 'WaitForRateSlot' query type */
export interface IWaitForRateSlotQuery {
  params: IWaitForRateSlotParams;
  result: IWaitForRateSlotResult;
}

const waitForRateSlotIR: any = {"usedParamSet":{"dueAt":true,"slot":true,"id":true,"attemptCount":true},"params":[{"name":"dueAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":48,"b":54}]},{"name":"slot","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":98}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":115}]},{"name":"attemptCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":158}]}],"statement":"UPDATE webhook.deliveries SET next_attempt_at = :dueAt!, leased_until = NULL, rate_slot_at = :slot!\n WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries SET next_attempt_at = :dueAt!, leased_until = NULL, rate_slot_at = :slot!
 *  WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying')
 * ```
 */
export const waitForRateSlot = new PreparedQuery<IWaitForRateSlotParams,IWaitForRateSlotResult>(waitForRateSlotIR);


/** 'SpendRateSlot' parameters type */
export interface ISpendRateSlotParams {
  id: NumberOrString;
}

/** 'SpendRateSlot' return type */
export type ISpendRateSlotResult = void;

/** 'SpendRateSlot' query type */
export interface ISpendRateSlotQuery {
  params: ISpendRateSlotParams;
  result: ISpendRateSlotResult;
}

const spendRateSlotIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":64}]}],"statement":"UPDATE webhook.deliveries SET rate_slot_at = NULL WHERE id = :id!::bigint"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries SET rate_slot_at = NULL WHERE id = :id!::bigint
 * ```
 */
export const spendRateSlot = new PreparedQuery<ISpendRateSlotParams,ISpendRateSlotResult>(spendRateSlotIR);


