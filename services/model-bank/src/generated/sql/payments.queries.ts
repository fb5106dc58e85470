/** Types generated for queries found in "src/db/sql/payments.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'InsertPayment' parameters type */
export interface IInsertPaymentParams {
  accountId?: string | null | void;
  amountMinor: NumberOrString;
  clientId: string;
  clockKey: string;
  consentId: string;
  creationDateTime: DateOrString;
  currency: string;
  data: Json;
  id: string;
  risk: Json;
  settleDueAt?: DateOrString | null | void;
  status: string;
  statusReasons?: Json | null | void;
  statusUpdateDateTime: DateOrString;
}

/** 'InsertPayment' return type */
export type IInsertPaymentResult = void;

/** 'InsertPayment' query type */
export interface IInsertPaymentQuery {
  params: IInsertPaymentParams;
  result: IInsertPaymentResult;
}

const insertPaymentIR: any = {"usedParamSet":{"id":true,"consentId":true,"clientId":true,"status":true,"statusReasons":true,"amountMinor":true,"currency":true,"data":true,"risk":true,"accountId":true,"clockKey":true,"creationDateTime":true,"statusUpdateDateTime":true,"settleDueAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":221}]},{"name":"consentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":224,"b":234}]},{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":237,"b":246}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":249,"b":256}]},{"name":"statusReasons","required":false,"transform":{"type":"scalar"},"locs":[{"a":259,"b":272}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":275,"b":287}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":298,"b":307}]},{"name":"data","required":true,"transform":{"type":"scalar"},"locs":[{"a":310,"b":315}]},{"name":"risk","required":true,"transform":{"type":"scalar"},"locs":[{"a":318,"b":323}]},{"name":"accountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":326,"b":335}]},{"name":"clockKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":340,"b":349}]},{"name":"creationDateTime","required":true,"transform":{"type":"scalar"},"locs":[{"a":352,"b":369}]},{"name":"statusUpdateDateTime","required":true,"transform":{"type":"scalar"},"locs":[{"a":372,"b":393}]},{"name":"settleDueAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":396,"b":407}]}],"statement":"INSERT INTO model_bank.domestic_vrps (id, consent_id, client_id, status, status_reasons, amount_minor, currency, data, risk, account_id,\n  clock_key, creation_date_time, status_update_date_time, settle_due_at)\nVALUES (:id!, :consentId!, :clientId!, :status!, :statusReasons, :amountMinor!::bigint, :currency!, :data!, :risk!, :accountId,\n  :clockKey!, :creationDateTime!, :statusUpdateDateTime!, :settleDueAt)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.domestic_vrps (id, consent_id, client_id, status, status_reasons, amount_minor, currency, data, risk, account_id,
 *   clock_key, creation_date_time, status_update_date_time, settle_due_at)
 * VALUES (:id!, :consentId!, :clientId!, :status!, :statusReasons, :amountMinor!::bigint, :currency!, :data!, :risk!, :accountId,
 *   :clockKey!, :creationDateTime!, :statusUpdateDateTime!, :settleDueAt)
 * ```
 */
export const insertPayment = new PreparedQuery<IInsertPaymentParams,IInsertPaymentResult>(insertPaymentIR);


/** 'PaymentById' parameters type */
export interface IPaymentByIdParams {
  id: string;
}

/** 'PaymentById' return type */
export interface IPaymentByIdResult {
  accountId: string | null;
  amountMinor: string;
  clientId: string;
  clockKey: string;
  consentId: string;
  creationDateTime: Date;
  currency: string;
  data: Json;
  id: string;
  risk: Json;
  settleDueAt: Date | null;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'PaymentById' query type */
export interface IPaymentByIdQuery {
  params: IPaymentByIdParams;
  result: IPaymentByIdResult;
}

const paymentByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":399,"b":402}]}],"statement":"SELECT id, consent_id AS \"consentId\", client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", amount_minor::text AS \"amountMinor!\",\n       currency, data, risk, account_id AS \"accountId\", clock_key AS \"clockKey\", creation_date_time AS \"creationDateTime\",\n       status_update_date_time AS \"statusUpdateDateTime\", settle_due_at AS \"settleDueAt\"\n  FROM model_bank.domestic_vrps WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, consent_id AS "consentId", client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!",
 *        currency, data, risk, account_id AS "accountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
 *        status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
 *   FROM model_bank.domestic_vrps WHERE id = :id!
 * ```
 */
export const paymentById = new PreparedQuery<IPaymentByIdParams,IPaymentByIdResult>(paymentByIdIR);


/** 'LockPayment' parameters type */
export interface ILockPaymentParams {
  id: string;
}

/** 'LockPayment' return type */
export interface ILockPaymentResult {
  accountId: string | null;
  amountMinor: string;
  clientId: string;
  clockKey: string;
  consentId: string;
  creationDateTime: Date;
  currency: string;
  data: Json;
  id: string;
  risk: Json;
  settleDueAt: Date | null;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'LockPayment' query type */
export interface ILockPaymentQuery {
  params: ILockPaymentParams;
  result: ILockPaymentResult;
}

const lockPaymentIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":399,"b":402}]}],"statement":"SELECT id, consent_id AS \"consentId\", client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", amount_minor::text AS \"amountMinor!\",\n       currency, data, risk, account_id AS \"accountId\", clock_key AS \"clockKey\", creation_date_time AS \"creationDateTime\",\n       status_update_date_time AS \"statusUpdateDateTime\", settle_due_at AS \"settleDueAt\"\n  FROM model_bank.domestic_vrps WHERE id = :id! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, consent_id AS "consentId", client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!",
 *        currency, data, risk, account_id AS "accountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
 *        status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
 *   FROM model_bank.domestic_vrps WHERE id = :id! FOR UPDATE
 * ```
 */
export const lockPayment = new PreparedQuery<ILockPaymentParams,ILockPaymentResult>(lockPaymentIR);


/** 'UsedInPeriods' parameters type */
export interface IUsedInPeriodsParams {
  consentId: string;
  froms: DateOrStringArray;
  tos: DateOrStringArray;
}

/** 'UsedInPeriods' return type */
export interface IUsedInPeriodsResult {
  used: string;
}

/** 'UsedInPeriods' query type */
export interface IUsedInPeriodsQuery {
  params: IUsedInPeriodsParams;
  result: IUsedInPeriodsResult;
}

const usedInPeriodsIR: any = {"usedParamSet":{"froms":true,"tos":true,"consentId":true},"params":[{"name":"froms","required":true,"transform":{"type":"scalar"},"locs":[{"a":71,"b":77}]},{"name":"tos","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":99}]},{"name":"consentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":222,"b":232}]}],"statement":"SELECT COALESCE(SUM(p.amount_minor), 0)::text AS \"used!\"\n  FROM unnest(:froms!::timestamptz[], :tos!::timestamptz[]) WITH ORDINALITY AS r(period_from, period_to, n)\n  LEFT JOIN model_bank.domestic_vrps p ON p.consent_id = :consentId! AND p.status <> 'RJCT'\n   AND p.creation_date_time >= r.period_from AND p.creation_date_time < r.period_to\n GROUP BY r.n ORDER BY r.n"};

/**
 * Query generated from SQL:
 * ```
 * SELECT COALESCE(SUM(p.amount_minor), 0)::text AS "used!"
 *   FROM unnest(:froms!::timestamptz[], :tos!::timestamptz[]) WITH ORDINALITY AS r(period_from, period_to, n)
 *   LEFT JOIN model_bank.domestic_vrps p ON p.consent_id = :consentId! AND p.status <> 'RJCT'
 *    AND p.creation_date_time >= r.period_from AND p.creation_date_time < r.period_to
 *  GROUP BY r.n ORDER BY r.n
 * ```
 */
export const usedInPeriods = new PreparedQuery<IUsedInPeriodsParams,IUsedInPeriodsResult>(usedInPeriodsIR);


/** 'MovePayment' parameters type */
export interface IMovePaymentParams {
  at: DateOrString;
  from: stringArray;
  id: string;
  statusReasons?: Json | null | void;
  to: string;
}

/** 'MovePayment' return type */
export interface IMovePaymentResult {
  accountId: string | null;
  amountMinor: string;
  clientId: string;
  clockKey: string;
  consentId: string;
  creationDateTime: Date;
  currency: string;
  data: Json;
  id: string;
  risk: Json;
  settleDueAt: Date | null;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'MovePayment' query type */
export interface IMovePaymentQuery {
  params: IMovePaymentParams;
  result: IMovePaymentResult;
}

const movePaymentIR: any = {"usedParamSet":{"to":true,"statusReasons":true,"at":true,"id":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":48}]},{"name":"statusReasons","required":false,"transform":{"type":"scalar"},"locs":[{"a":68,"b":81}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":113}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":130}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":154}]}],"statement":"UPDATE model_bank.domestic_vrps SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!\n WHERE id = :id! AND status = ANY(:from!::text[])\nRETURNING id, consent_id AS \"consentId\", client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", amount_minor::text AS \"amountMinor!\",\n          currency, data, risk, account_id AS \"accountId\", clock_key AS \"clockKey\", creation_date_time AS \"creationDateTime\",\n          status_update_date_time AS \"statusUpdateDateTime\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.domestic_vrps SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!
 *  WHERE id = :id! AND status = ANY(:from!::text[])
 * RETURNING id, consent_id AS "consentId", client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!",
 *           currency, data, risk, account_id AS "accountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
 *           status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
 * ```
 */
export const movePayment = new PreparedQuery<IMovePaymentParams,IMovePaymentResult>(movePaymentIR);


/** 'RelinkTakenPayments' parameters type */
export interface IRelinkTakenPaymentsParams {
  from: string;
  to: string;
}

/** 'RelinkTakenPayments' return type */
export type IRelinkTakenPaymentsResult = void;

/** 'RelinkTakenPayments' query type */
export interface IRelinkTakenPaymentsQuery {
  params: IRelinkTakenPaymentsParams;
  result: IRelinkTakenPaymentsResult;
}

const relinkTakenPaymentsIR: any = {"usedParamSet":{"to":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":52}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":78}]}],"statement":"UPDATE model_bank.domestic_vrps SET account_id = :to! WHERE account_id = :from! AND status = 'ACTC'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.domestic_vrps SET account_id = :to! WHERE account_id = :from! AND status = 'ACTC'
 * ```
 */
export const relinkTakenPayments = new PreparedQuery<IRelinkTakenPaymentsParams,IRelinkTakenPaymentsResult>(relinkTakenPaymentsIR);


/** 'DuePaymentSettlements' parameters type */
export interface IDuePaymentSettlementsParams {
  limit: NumberOrString;
}

/** 'DuePaymentSettlements' return type */
export interface IDuePaymentSettlementsResult {
  id: string;
}

/** 'DuePaymentSettlements' query type */
export interface IDuePaymentSettlementsQuery {
  params: IDuePaymentSettlementsParams;
  result: IDuePaymentSettlementsResult;
}

const duePaymentSettlementsIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":294,"b":300}]}],"statement":"SELECT p.id FROM model_bank.domestic_vrps p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key\n WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL\n   AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)\n ORDER BY p.settle_due_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id FROM model_bank.domestic_vrps p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key
 *  WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL
 *    AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
 *  ORDER BY p.settle_due_at LIMIT :limit!
 * ```
 */
export const duePaymentSettlements = new PreparedQuery<IDuePaymentSettlementsParams,IDuePaymentSettlementsResult>(duePaymentSettlementsIR);


