/** Types generated for queries found in "src/db/sql/refunds.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'InsertRefund' parameters type */
export interface IInsertRefundParams {
  amountMinor: NumberOrString;
  creditor: Json;
  currency: string;
  idempotencyKey: string;
  leaseMs: number;
  merchantId: string;
  paymentId: string;
  refundId: string;
}

/** 'InsertRefund' return type */
export interface IInsertRefundResult {
  refund_id: string;
}

/** 'InsertRefund' query type */
export interface IInsertRefundQuery {
  params: IInsertRefundParams;
  result: IInsertRefundResult;
}

const insertRefundIR: any = {"usedParamSet":{"refundId":true,"paymentId":true,"merchantId":true,"amountMinor":true,"currency":true,"idempotencyKey":true,"creditor":true,"leaseMs":true},"params":[{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":157}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":170}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":173,"b":184}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":199}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":210,"b":219}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":222,"b":237}]},{"name":"creditor","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":249}]},{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":304,"b":312}]}],"statement":"INSERT INTO connector.refunds (refund_id, payment_id, merchant_id, amount_minor, currency, idempotency_key, creditor, stage, next_check_at)\nVALUES (:refundId!, :paymentId!, :merchantId!, :amountMinor!::bigint, :currency!, :idempotencyKey!, :creditor!, 'submitting',\n        now() + make_interval(secs => :leaseMs!::double precision / 1000))\nON CONFLICT DO NOTHING RETURNING refund_id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO connector.refunds (refund_id, payment_id, merchant_id, amount_minor, currency, idempotency_key, creditor, stage, next_check_at)
 * VALUES (:refundId!, :paymentId!, :merchantId!, :amountMinor!::bigint, :currency!, :idempotencyKey!, :creditor!, 'submitting',
 *         now() + make_interval(secs => :leaseMs!::double precision / 1000))
 * ON CONFLICT DO NOTHING RETURNING refund_id
 * ```
 */
export const insertRefund = new PreparedQuery<IInsertRefundParams,IInsertRefundResult>(insertRefundIR);


/** 'FindRefund' parameters type */
export interface IFindRefundParams {
  merchantId: string;
  refundId: string;
}

/** 'FindRefund' return type */
export interface IFindRefundResult {
  amountMinor: string;
  bankPayoutId: string | null;
  bankStatus: string | null;
  checks: number;
  creditor: Json;
  currency: string;
  idempotencyKey: string;
  merchantId: string;
  paymentId: string;
  refundId: string;
  serverErrors: number;
  settleDueAt: Date | null;
  stage: string;
}

/** 'FindRefund' query type */
export interface IFindRefundQuery {
  params: IFindRefundParams;
  result: IFindRefundResult;
}

const findRefundIR: any = {"usedParamSet":{"merchantId":true,"refundId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":384,"b":395}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":413,"b":422}]}],"statement":"SELECT refund_id AS \"refundId\", payment_id AS \"paymentId\", merchant_id AS \"merchantId\", amount_minor::text AS \"amountMinor!\", currency,\n       idempotency_key AS \"idempotencyKey\", creditor, bank_payout_id AS \"bankPayoutId\", bank_status AS \"bankStatus\", stage, checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\"\n  FROM connector.refunds WHERE merchant_id = :merchantId! AND refund_id = :refundId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
 *        idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 *   FROM connector.refunds WHERE merchant_id = :merchantId! AND refund_id = :refundId!
 * ```
 */
export const findRefund = new PreparedQuery<IFindRefundParams,IFindRefundResult>(findRefundIR);


/** 'FindRefundByPayout' parameters type */
export interface IFindRefundByPayoutParams {
  payoutId: string;
}

/** 'FindRefundByPayout' return type */
export interface IFindRefundByPayoutResult {
  amountMinor: string;
  bankPayoutId: string | null;
  bankStatus: string | null;
  checks: number;
  creditor: Json;
  currency: string;
  idempotencyKey: string;
  merchantId: string;
  paymentId: string;
  refundId: string;
  serverErrors: number;
  settleDueAt: Date | null;
  stage: string;
}

/** 'FindRefundByPayout' query type */
export interface IFindRefundByPayoutQuery {
  params: IFindRefundByPayoutParams;
  result: IFindRefundByPayoutResult;
}

const findRefundByPayoutIR: any = {"usedParamSet":{"payoutId":true},"params":[{"name":"payoutId","required":true,"transform":{"type":"scalar"},"locs":[{"a":387,"b":396}]}],"statement":"SELECT refund_id AS \"refundId\", payment_id AS \"paymentId\", merchant_id AS \"merchantId\", amount_minor::text AS \"amountMinor!\", currency,\n       idempotency_key AS \"idempotencyKey\", creditor, bank_payout_id AS \"bankPayoutId\", bank_status AS \"bankStatus\", stage, checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\"\n  FROM connector.refunds WHERE bank_payout_id = :payoutId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
 *        idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 *   FROM connector.refunds WHERE bank_payout_id = :payoutId!
 * ```
 */
export const findRefundByPayout = new PreparedQuery<IFindRefundByPayoutParams,IFindRefundByPayoutResult>(findRefundByPayoutIR);


/** 'ClaimRefundSubmission' parameters type */
export interface IClaimRefundSubmissionParams {
  leaseMs: number;
  refundId: string;
}

/** 'ClaimRefundSubmission' return type */
export interface IClaimRefundSubmissionResult {
  refund_id: string;
}

/** 'ClaimRefundSubmission' query type */
export interface IClaimRefundSubmissionQuery {
  params: IClaimRefundSubmissionParams;
  result: IClaimRefundSubmissionResult;
}

const claimRefundSubmissionIR: any = {"usedParamSet":{"leaseMs":true,"refundId":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":83}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":139}]}],"statement":"UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)\n WHERE refund_id = :refundId! AND stage = 'submitting' AND next_check_at <= now() RETURNING refund_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *  WHERE refund_id = :refundId! AND stage = 'submitting' AND next_check_at <= now() RETURNING refund_id
 * ```
 */
export const claimRefundSubmission = new PreparedQuery<IClaimRefundSubmissionParams,IClaimRefundSubmissionResult>(claimRefundSubmissionIR);


/** 'ClaimDueRefunds' parameters type */
export interface IClaimDueRefundsParams {
  leaseMs: number;
  limit: NumberOrString;
}

/** 'ClaimDueRefunds' return type */
export interface IClaimDueRefundsResult {
  amountMinor: string;
  bankPayoutId: string | null;
  bankStatus: string | null;
  checks: number;
  creditor: Json;
  currency: string;
  idempotencyKey: string;
  merchantId: string;
  paymentId: string;
  refundId: string;
  serverErrors: number;
  settleDueAt: Date | null;
  stage: string;
}

/** 'ClaimDueRefunds' query type */
export interface IClaimDueRefundsQuery {
  params: IClaimDueRefundsParams;
  result: IClaimDueRefundsResult;
}

const claimDueRefundsIR: any = {"usedParamSet":{"leaseMs":true,"limit":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":83}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":291,"b":297}]}],"statement":"UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)\n WHERE refund_id IN (SELECT refund_id FROM connector.refunds WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()\n                      ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING refund_id AS \"refundId\", payment_id AS \"paymentId\", merchant_id AS \"merchantId\", amount_minor::text AS \"amountMinor!\", currency,\n       idempotency_key AS \"idempotencyKey\", creditor, bank_payout_id AS \"bankPayoutId\", bank_status AS \"bankStatus\", stage, checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *  WHERE refund_id IN (SELECT refund_id FROM connector.refunds WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()
 *                       ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
 *        idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 * ```
 */
export const claimDueRefunds = new PreparedQuery<IClaimDueRefundsParams,IClaimDueRefundsResult>(claimDueRefundsIR);


/** 'RecordRefund' parameters type */
export interface IRecordRefundParams {
  bankPayoutId?: string | null | void;
  bankStatus?: string | null | void;
  counted: boolean;
  nextCheckAt?: DateOrString | null | void;
  refundId: string;
  settleDueAt?: DateOrString | null | void;
  stage: string;
}

/** 'RecordRefund' return type */
export interface IRecordRefundResult {
  amountMinor: string;
  bankPayoutId: string | null;
  bankStatus: string | null;
  checks: number;
  creditor: Json;
  currency: string;
  idempotencyKey: string;
  merchantId: string;
  paymentId: string;
  refundId: string;
  serverErrors: number;
  settleDueAt: Date | null;
  stage: string;
}

/** 'RecordRefund' query type */
export interface IRecordRefundQuery {
  params: IRecordRefundParams;
  result: IRecordRefundResult;
}

const recordRefundIR: any = {"usedParamSet":{"stage":true,"bankPayoutId":true,"bankStatus":true,"nextCheckAt":true,"settleDueAt":true,"counted":true,"refundId":true},"params":[{"name":"stage","required":true,"transform":{"type":"scalar"},"locs":[{"a":37,"b":43}]},{"name":"bankPayoutId","required":false,"transform":{"type":"scalar"},"locs":[{"a":72,"b":84}]},{"name":"bankStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":127,"b":137}]},{"name":"nextCheckAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":177,"b":188}]},{"name":"settleDueAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":271,"b":282}]},{"name":"counted","required":true,"transform":{"type":"scalar"},"locs":[{"a":334,"b":342}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":429,"b":438}]}],"statement":"UPDATE connector.refunds SET stage = :stage!, bank_payout_id = COALESCE(:bankPayoutId, bank_payout_id), bank_status = COALESCE(:bankStatus, bank_status),\n       next_check_at = :nextCheckAt, settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payout_id IS NULL THEN :settleDueAt ELSE settle_due_at END,\n       checks = CASE WHEN :counted! THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()\n WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending')\nRETURNING refund_id AS \"refundId\", payment_id AS \"paymentId\", merchant_id AS \"merchantId\", amount_minor::text AS \"amountMinor!\", currency,\n       idempotency_key AS \"idempotencyKey\", creditor, bank_payout_id AS \"bankPayoutId\", bank_status AS \"bankStatus\", stage, checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET stage = :stage!, bank_payout_id = COALESCE(:bankPayoutId, bank_payout_id), bank_status = COALESCE(:bankStatus, bank_status),
 *        next_check_at = :nextCheckAt, settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payout_id IS NULL THEN :settleDueAt ELSE settle_due_at END,
 *        checks = CASE WHEN :counted! THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()
 *  WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending')
 * RETURNING refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
 *        idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 * ```
 */
export const recordRefund = new PreparedQuery<IRecordRefundParams,IRecordRefundResult>(recordRefundIR);


/** 'PostponeRefund' parameters type */
export interface IPostponeRefundParams {
  nextCheckAt: DateOrString;
  refundId: string;
  serverError: boolean;
}

/** 'PostponeRefund' return type */
export interface IPostponeRefundResult {
  server_errors: number;
}

/** 'PostponeRefund' query type */
export interface IPostponeRefundQuery {
  params: IPostponeRefundParams;
  result: IPostponeRefundResult;
}

const postponeRefundIR: any = {"usedParamSet":{"nextCheckAt":true,"serverError":true,"refundId":true},"params":[{"name":"nextCheckAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":57}]},{"name":"serverError","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":126}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":213,"b":222}]}],"statement":"UPDATE connector.refunds SET next_check_at = :nextCheckAt!, checks = checks + 1,\n       server_errors = CASE WHEN :serverError! THEN server_errors + 1 ELSE server_errors END, updated_at = now()\n WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending') RETURNING server_errors"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET next_check_at = :nextCheckAt!, checks = checks + 1,
 *        server_errors = CASE WHEN :serverError! THEN server_errors + 1 ELSE server_errors END, updated_at = now()
 *  WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending') RETURNING server_errors
 * ```
 */
export const postponeRefund = new PreparedQuery<IPostponeRefundParams,IPostponeRefundResult>(postponeRefundIR);


/** 'CheckRefundNow' parameters type */
export interface ICheckRefundNowParams {
  refundId: string;
}

/** 'CheckRefundNow' return type */
export type ICheckRefundNowResult = void;

/** 'CheckRefundNow' query type */
export interface ICheckRefundNowQuery {
  params: ICheckRefundNowParams;
  result: ICheckRefundNowResult;
}

const checkRefundNowIR: any = {"usedParamSet":{"refundId":true},"params":[{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":90}]}],"statement":"UPDATE connector.refunds SET next_check_at = now(), checks = 0 WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET next_check_at = now(), checks = 0 WHERE refund_id = :refundId! AND stage IN ('submitting', 'pending')
 * ```
 */
export const checkRefundNow = new PreparedQuery<ICheckRefundNowParams,ICheckRefundNowResult>(checkRefundNowIR);


/** 'ClaimUnreportedRefunds' parameters type */
export interface IClaimUnreportedRefundsParams {
  leaseMs: number;
  limit: NumberOrString;
}

/** 'ClaimUnreportedRefunds' return type */
export interface IClaimUnreportedRefundsResult {
  amountMinor: string;
  bankPayoutId: string | null;
  bankStatus: string | null;
  checks: number;
  creditor: Json;
  currency: string;
  idempotencyKey: string;
  merchantId: string;
  paymentId: string;
  refundId: string;
  serverErrors: number;
  settleDueAt: Date | null;
  stage: string;
}

/** 'ClaimUnreportedRefunds' query type */
export interface IClaimUnreportedRefundsQuery {
  params: IClaimUnreportedRefundsParams;
  result: IClaimUnreportedRefundsResult;
}

const claimUnreportedRefundsIR: any = {"usedParamSet":{"leaseMs":true,"limit":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":83}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":357,"b":363}]}],"statement":"UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)\n WHERE refund_id IN (SELECT refund_id FROM connector.refunds\n                      WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())\n                      ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING refund_id AS \"refundId\", payment_id AS \"paymentId\", merchant_id AS \"merchantId\", amount_minor::text AS \"amountMinor!\", currency,\n       idempotency_key AS \"idempotencyKey\", creditor, bank_payout_id AS \"bankPayoutId\", bank_status AS \"bankStatus\", stage, checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *  WHERE refund_id IN (SELECT refund_id FROM connector.refunds
 *                       WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())
 *                       ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
 *        idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 * ```
 */
export const claimUnreportedRefunds = new PreparedQuery<IClaimUnreportedRefundsParams,IClaimUnreportedRefundsResult>(claimUnreportedRefundsIR);


/** 'MarkRefundReported' parameters type */
export interface IMarkRefundReportedParams {
  refundId: string;
}

/** 'MarkRefundReported' return type */
export type IMarkRefundReportedResult = void;

/** 'MarkRefundReported' query type */
export interface IMarkRefundReportedQuery {
  params: IMarkRefundReportedParams;
  result: IMarkRefundReportedResult;
}

const markRefundReportedIR: any = {"usedParamSet":{"refundId":true},"params":[{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":98}]}],"statement":"UPDATE connector.refunds SET reported_at = now(), next_check_at = NULL WHERE refund_id = :refundId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET reported_at = now(), next_check_at = NULL WHERE refund_id = :refundId!
 * ```
 */
export const markRefundReported = new PreparedQuery<IMarkRefundReportedParams,IMarkRefundReportedResult>(markRefundReportedIR);


/** 'PostponeRefundReport' parameters type */
export interface IPostponeRefundReportParams {
  delayMs: number;
  refundId: string;
}

/** 'PostponeRefundReport' return type */
export type IPostponeRefundReportResult = void;

/** 'PostponeRefundReport' query type */
export interface IPostponeRefundReportQuery {
  params: IPostponeRefundReportParams;
  result: IPostponeRefundReportResult;
}

const postponeRefundReportIR: any = {"usedParamSet":{"delayMs":true,"refundId":true},"params":[{"name":"delayMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":83}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":129,"b":138}]}],"statement":"UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :delayMs!::double precision / 1000) WHERE refund_id = :refundId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET next_check_at = now() + make_interval(secs => :delayMs!::double precision / 1000) WHERE refund_id = :refundId!
 * ```
 */
export const postponeRefundReport = new PreparedQuery<IPostponeRefundReportParams,IPostponeRefundReportResult>(postponeRefundReportIR);


/** 'FindDueRefundSettlements' parameters type */
export interface IFindDueRefundSettlementsParams {
  horizonMs: number;
  limit: NumberOrString;
}

/** 'FindDueRefundSettlements' return type */
export interface IFindDueRefundSettlementsResult {
  amountMinor: string;
  bankPayoutId: string | null;
  bankStatus: string | null;
  checks: number;
  creditor: Json;
  currency: string;
  idempotencyKey: string;
  merchantId: string;
  paymentId: string;
  refundId: string;
  serverErrors: number;
  settleDueAt: Date | null;
  stage: string;
}

/** 'FindDueRefundSettlements' query type */
export interface IFindDueRefundSettlementsQuery {
  params: IFindDueRefundSettlementsParams;
  result: IFindDueRefundSettlementsResult;
}

const findDueRefundSettlementsIR: any = {"usedParamSet":{"horizonMs":true,"limit":true},"params":[{"name":"horizonMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":447,"b":457}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":515,"b":521}]}],"statement":"SELECT refund_id AS \"refundId\", payment_id AS \"paymentId\", merchant_id AS \"merchantId\", amount_minor::text AS \"amountMinor!\", currency,\n       idempotency_key AS \"idempotencyKey\", creditor, bank_payout_id AS \"bankPayoutId\", bank_status AS \"bankStatus\", stage, checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\"\n  FROM connector.refunds WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + make_interval(secs => :horizonMs!::double precision / 1000)\n ORDER BY settle_due_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT refund_id AS "refundId", payment_id AS "paymentId", merchant_id AS "merchantId", amount_minor::text AS "amountMinor!", currency,
 *        idempotency_key AS "idempotencyKey", creditor, bank_payout_id AS "bankPayoutId", bank_status AS "bankStatus", stage, checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 *   FROM connector.refunds WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + make_interval(secs => :horizonMs!::double precision / 1000)
 *  ORDER BY settle_due_at LIMIT :limit!
 * ```
 */
export const findDueRefundSettlements = new PreparedQuery<IFindDueRefundSettlementsParams,IFindDueRefundSettlementsResult>(findDueRefundSettlementsIR);


/** 'ClearRefundSettlement' parameters type */
export interface IClearRefundSettlementParams {
  refundId: string;
}

/** 'ClearRefundSettlement' return type */
export type IClearRefundSettlementResult = void;

/** 'ClearRefundSettlement' query type */
export interface IClearRefundSettlementQuery {
  params: IClearRefundSettlementParams;
  result: IClearRefundSettlementResult;
}

const clearRefundSettlementIR: any = {"usedParamSet":{"refundId":true},"params":[{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":77}]}],"statement":"UPDATE connector.refunds SET settle_due_at = NULL WHERE refund_id = :refundId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.refunds SET settle_due_at = NULL WHERE refund_id = :refundId!
 * ```
 */
export const clearRefundSettlement = new PreparedQuery<IClearRefundSettlementParams,IClearRefundSettlementResult>(clearRefundSettlementIR);


