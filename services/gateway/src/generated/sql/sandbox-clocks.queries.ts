/** Types generated for queries found in "src/db/sql/sandbox-clocks.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'SelectClockOffset' parameters type */
export interface ISelectClockOffsetParams {
  merchantId: string;
}

/** 'SelectClockOffset' return type */
export interface ISelectClockOffsetResult {
  offsetMs: string;
}

/** 'SelectClockOffset' query type */
export interface ISelectClockOffsetQuery {
  params: ISelectClockOffsetParams;
  result: ISelectClockOffsetResult;
}

const selectClockOffsetIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":90}]}],"statement":"SELECT offset_ms AS \"offsetMs\" FROM gateway.sandbox_clocks WHERE merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT offset_ms AS "offsetMs" FROM gateway.sandbox_clocks WHERE merchant_id = :merchantId!
 * ```
 */
export const selectClockOffset = new PreparedQuery<ISelectClockOffsetParams,ISelectClockOffsetResult>(selectClockOffsetIR);


/** 'LockClock' parameters type */
export interface ILockClockParams {
  merchantId: string;
}

/** 'LockClock' return type */
export interface ILockClockResult {
  offsetMs: string;
}

/** 'LockClock' query type */
export interface ILockClockQuery {
  params: ILockClockParams;
  result: ILockClockResult;
}

const lockClockIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":84}]}],"statement":"INSERT INTO gateway.sandbox_clocks AS c (merchant_id, offset_ms) VALUES (:merchantId!, 0)\nON CONFLICT (merchant_id) DO UPDATE SET updated_at = c.updated_at\nRETURNING offset_ms AS \"offsetMs\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.sandbox_clocks AS c (merchant_id, offset_ms) VALUES (:merchantId!, 0)
 * ON CONFLICT (merchant_id) DO UPDATE SET updated_at = c.updated_at
 * RETURNING offset_ms AS "offsetMs"
 * ```
 */
export const lockClock = new PreparedQuery<ILockClockParams,ILockClockResult>(lockClockIR);


/** 'SetClockOffset' parameters type */
export interface ISetClockOffsetParams {
  merchantId: string;
  offsetMs: NumberOrString;
}

/** 'SetClockOffset' return type */
export type ISetClockOffsetResult = void;

/** 'SetClockOffset' query type */
export interface ISetClockOffsetQuery {
  params: ISetClockOffsetParams;
  result: ISetClockOffsetResult;
}

const setClockOffsetIR: any = {"usedParamSet":{"offsetMs":true,"merchantId":true},"params":[{"name":"offsetMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":46,"b":55}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":97,"b":108}]}],"statement":"UPDATE gateway.sandbox_clocks SET offset_ms = :offsetMs!, updated_at = now() WHERE merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.sandbox_clocks SET offset_ms = :offsetMs!, updated_at = now() WHERE merchant_id = :merchantId!
 * ```
 */
export const setClockOffset = new PreparedQuery<ISetClockOffsetParams,ISetClockOffsetResult>(setClockOffsetIR);


