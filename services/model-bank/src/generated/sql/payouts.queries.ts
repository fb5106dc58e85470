/** Types generated for queries found in "src/db/sql/payouts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'InsertPayout' parameters type */
export interface IInsertPayoutParams {
  amountMinor: NumberOrString;
  clientId: string;
  clockKey: string;
  creationDateTime: DateOrString;
  creditorAccountId?: string | null | void;
  currency: string;
  data: Json;
  id: string;
  settleDueAt?: DateOrString | null | void;
  status: string;
  statusReasons?: Json | null | void;
  statusUpdateDateTime: DateOrString;
}

/** 'InsertPayout' return type */
export type IInsertPayoutResult = void;

/** 'InsertPayout' query type */
export interface IInsertPayoutQuery {
  params: IInsertPayoutParams;
  result: IInsertPayoutResult;
}

const insertPayoutIR: any = {"usedParamSet":{"id":true,"clientId":true,"status":true,"statusReasons":true,"amountMinor":true,"currency":true,"data":true,"creditorAccountId":true,"clockKey":true,"creationDateTime":true,"statusUpdateDateTime":true,"settleDueAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":203,"b":206}]},{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":209,"b":218}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":221,"b":228}]},{"name":"statusReasons","required":false,"transform":{"type":"scalar"},"locs":[{"a":231,"b":244}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":247,"b":259}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":270,"b":279}]},{"name":"data","required":true,"transform":{"type":"scalar"},"locs":[{"a":282,"b":287}]},{"name":"creditorAccountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":290,"b":307}]},{"name":"clockKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":312,"b":321}]},{"name":"creationDateTime","required":true,"transform":{"type":"scalar"},"locs":[{"a":324,"b":341}]},{"name":"statusUpdateDateTime","required":true,"transform":{"type":"scalar"},"locs":[{"a":344,"b":365}]},{"name":"settleDueAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":368,"b":379}]}],"statement":"INSERT INTO model_bank.payouts (id, client_id, status, status_reasons, amount_minor, currency, data, creditor_account_id,\n  clock_key, creation_date_time, status_update_date_time, settle_due_at)\nVALUES (:id!, :clientId!, :status!, :statusReasons, :amountMinor!::bigint, :currency!, :data!, :creditorAccountId,\n  :clockKey!, :creationDateTime!, :statusUpdateDateTime!, :settleDueAt)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.payouts (id, client_id, status, status_reasons, amount_minor, currency, data, creditor_account_id,
 *   clock_key, creation_date_time, status_update_date_time, settle_due_at)
 * VALUES (:id!, :clientId!, :status!, :statusReasons, :amountMinor!::bigint, :currency!, :data!, :creditorAccountId,
 *   :clockKey!, :creationDateTime!, :statusUpdateDateTime!, :settleDueAt)
 * ```
 */
export const insertPayout = new PreparedQuery<IInsertPayoutParams,IInsertPayoutResult>(insertPayoutIR);


/** 'PayoutById' parameters type */
export interface IPayoutByIdParams {
  id: string;
}

/** 'PayoutById' return type */
export interface IPayoutByIdResult {
  amountMinor: string;
  clientId: string;
  clockKey: string;
  creationDateTime: Date;
  creditorAccountId: string | null;
  currency: string;
  data: Json;
  id: string;
  settleDueAt: Date | null;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'PayoutById' query type */
export interface IPayoutByIdQuery {
  params: IPayoutByIdParams;
  result: IPayoutByIdResult;
}

const payoutByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":377,"b":380}]}],"statement":"SELECT id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", amount_minor::text AS \"amountMinor!\", currency, data,\n       creditor_account_id AS \"creditorAccountId\", clock_key AS \"clockKey\", creation_date_time AS \"creationDateTime\",\n       status_update_date_time AS \"statusUpdateDateTime\", settle_due_at AS \"settleDueAt\"\n  FROM model_bank.payouts WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!", currency, data,
 *        creditor_account_id AS "creditorAccountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
 *        status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
 *   FROM model_bank.payouts WHERE id = :id!
 * ```
 */
export const payoutById = new PreparedQuery<IPayoutByIdParams,IPayoutByIdResult>(payoutByIdIR);


/** 'LockPayout' parameters type */
export interface ILockPayoutParams {
  id: string;
}

/** 'LockPayout' return type */
export interface ILockPayoutResult {
  amountMinor: string;
  clientId: string;
  clockKey: string;
  creationDateTime: Date;
  creditorAccountId: string | null;
  currency: string;
  data: Json;
  id: string;
  settleDueAt: Date | null;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'LockPayout' query type */
export interface ILockPayoutQuery {
  params: ILockPayoutParams;
  result: ILockPayoutResult;
}

const lockPayoutIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":377,"b":380}]}],"statement":"SELECT id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", amount_minor::text AS \"amountMinor!\", currency, data,\n       creditor_account_id AS \"creditorAccountId\", clock_key AS \"clockKey\", creation_date_time AS \"creationDateTime\",\n       status_update_date_time AS \"statusUpdateDateTime\", settle_due_at AS \"settleDueAt\"\n  FROM model_bank.payouts WHERE id = :id! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!", currency, data,
 *        creditor_account_id AS "creditorAccountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
 *        status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
 *   FROM model_bank.payouts WHERE id = :id! FOR UPDATE
 * ```
 */
export const lockPayout = new PreparedQuery<ILockPayoutParams,ILockPayoutResult>(lockPayoutIR);


/** 'MovePayout' parameters type */
export interface IMovePayoutParams {
  at: DateOrString;
  from: stringArray;
  id: string;
  statusReasons?: Json | null | void;
  to: string;
}

/** 'MovePayout' return type */
export interface IMovePayoutResult {
  amountMinor: string;
  clientId: string;
  clockKey: string;
  creationDateTime: Date;
  creditorAccountId: string | null;
  currency: string;
  data: Json;
  id: string;
  settleDueAt: Date | null;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'MovePayout' query type */
export interface IMovePayoutQuery {
  params: IMovePayoutParams;
  result: IMovePayoutResult;
}

const movePayoutIR: any = {"usedParamSet":{"to":true,"statusReasons":true,"at":true,"id":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":42}]},{"name":"statusReasons","required":false,"transform":{"type":"scalar"},"locs":[{"a":62,"b":75}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":104,"b":107}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":124}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":148}]}],"statement":"UPDATE model_bank.payouts SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!\n WHERE id = :id! AND status = ANY(:from!::text[])\nRETURNING id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", amount_minor::text AS \"amountMinor!\", currency, data,\n          creditor_account_id AS \"creditorAccountId\", clock_key AS \"clockKey\", creation_date_time AS \"creationDateTime\",\n          status_update_date_time AS \"statusUpdateDateTime\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.payouts SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!
 *  WHERE id = :id! AND status = ANY(:from!::text[])
 * RETURNING id, client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!", currency, data,
 *           creditor_account_id AS "creditorAccountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
 *           status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
 * ```
 */
export const movePayout = new PreparedQuery<IMovePayoutParams,IMovePayoutResult>(movePayoutIR);


/** 'DuePayoutSettlements' parameters type */
export interface IDuePayoutSettlementsParams {
  limit: NumberOrString;
}

/** 'DuePayoutSettlements' return type */
export interface IDuePayoutSettlementsResult {
  id: string;
}

/** 'DuePayoutSettlements' query type */
export interface IDuePayoutSettlementsQuery {
  params: IDuePayoutSettlementsParams;
  result: IDuePayoutSettlementsResult;
}

const duePayoutSettlementsIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":288,"b":294}]}],"statement":"SELECT p.id FROM model_bank.payouts p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key\n WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL\n   AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)\n ORDER BY p.settle_due_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id FROM model_bank.payouts p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key
 *  WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL
 *    AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
 *  ORDER BY p.settle_due_at LIMIT :limit!
 * ```
 */
export const duePayoutSettlements = new PreparedQuery<IDuePayoutSettlementsParams,IDuePayoutSettlementsResult>(duePayoutSettlementsIR);


