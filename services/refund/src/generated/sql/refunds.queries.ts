/** Types generated for queries found in "src/db/sql/refunds.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'ReadRefund' parameters type */
export interface IReadRefundParams {
  id: string;
  merchantId: string;
}

/** 'ReadRefund' return type */
export interface IReadRefundResult {
  allocationConfirmedAt: Date | null;
  allocationReleasedAt: Date | null;
  amountMinor: string;
  bankReference: string | null;
  bankSubmittedAt: Date | null;
  createdAt: Date;
  currency: string;
  expectedSettlementDate: string;
  failedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  paymentId: string;
  reason: string;
  settledAt: Date | null;
  status: string;
  timeline: Json;
}

/** 'ReadRefund' query type */
export interface IReadRefundQuery {
  params: IReadRefundParams;
  result: IReadRefundResult;
}

const readRefundIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":774,"b":777}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":799,"b":810}]}],"statement":"SELECT r.id, r.merchant_id AS \"merchantId\", r.payment_id AS \"paymentId\", r.amount_minor AS \"amountMinor\", r.currency, r.status, r.reason,\n       r.metadata, r.created_at AS \"createdAt\", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS \"expectedSettlementDate!\",\n       r.settled_at AS \"settledAt\", r.failed_at AS \"failedAt\", r.bank_reference AS \"bankReference\", r.bank_submitted_at AS \"bankSubmittedAt\",\n       r.allocation_released_at AS \"allocationReleasedAt\", r.allocation_confirmed_at AS \"allocationConfirmedAt\",\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS \"timeline!\"\n  FROM refund.refunds r WHERE r.id = :id! AND r.merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
 *        r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
 *        r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
 *        r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
 *   FROM refund.refunds r WHERE r.id = :id! AND r.merchant_id = :merchantId!
 * ```
 */
export const readRefund = new PreparedQuery<IReadRefundParams,IReadRefundResult>(readRefundIR);


/** 'ReadRefundById' parameters type */
export interface IReadRefundByIdParams {
  id: string;
}

/** 'ReadRefundById' return type */
export interface IReadRefundByIdResult {
  allocationConfirmedAt: Date | null;
  allocationReleasedAt: Date | null;
  amountMinor: string;
  bankReference: string | null;
  bankSubmittedAt: Date | null;
  createdAt: Date;
  currency: string;
  expectedSettlementDate: string;
  failedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  paymentId: string;
  reason: string;
  settledAt: Date | null;
  status: string;
  timeline: Json;
}

/** 'ReadRefundById' query type */
export interface IReadRefundByIdQuery {
  params: IReadRefundByIdParams;
  result: IReadRefundByIdResult;
}

const readRefundByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":774,"b":777}]}],"statement":"SELECT r.id, r.merchant_id AS \"merchantId\", r.payment_id AS \"paymentId\", r.amount_minor AS \"amountMinor\", r.currency, r.status, r.reason,\n       r.metadata, r.created_at AS \"createdAt\", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS \"expectedSettlementDate!\",\n       r.settled_at AS \"settledAt\", r.failed_at AS \"failedAt\", r.bank_reference AS \"bankReference\", r.bank_submitted_at AS \"bankSubmittedAt\",\n       r.allocation_released_at AS \"allocationReleasedAt\", r.allocation_confirmed_at AS \"allocationConfirmedAt\",\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS \"timeline!\"\n  FROM refund.refunds r WHERE r.id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
 *        r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
 *        r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
 *        r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
 *   FROM refund.refunds r WHERE r.id = :id!
 * ```
 */
export const readRefundById = new PreparedQuery<IReadRefundByIdParams,IReadRefundByIdResult>(readRefundByIdIR);


/** 'UndecidedRefunds' parameters type */
export interface IUndecidedRefundsParams {
  limit: NumberOrString;
  submittedBefore: DateOrString;
}

/** 'UndecidedRefunds' return type */
export interface IUndecidedRefundsResult {
  allocationConfirmedAt: Date | null;
  allocationReleasedAt: Date | null;
  amountMinor: string;
  bankReference: string | null;
  bankSubmittedAt: Date | null;
  createdAt: Date;
  currency: string;
  expectedSettlementDate: string;
  failedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  paymentId: string;
  reason: string;
  settledAt: Date | null;
  status: string;
  timeline: Json;
}

/** 'UndecidedRefunds' query type */
export interface IUndecidedRefundsQuery {
  params: IUndecidedRefundsParams;
  result: IUndecidedRefundsResult;
}

const undecidedRefundsIR: any = {"usedParamSet":{"submittedBefore":true,"limit":true},"params":[{"name":"submittedBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":858,"b":874}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":912,"b":918}]}],"statement":"SELECT r.id, r.merchant_id AS \"merchantId\", r.payment_id AS \"paymentId\", r.amount_minor AS \"amountMinor\", r.currency, r.status, r.reason,\n       r.metadata, r.created_at AS \"createdAt\", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS \"expectedSettlementDate!\",\n       r.settled_at AS \"settledAt\", r.failed_at AS \"failedAt\", r.bank_reference AS \"bankReference\", r.bank_submitted_at AS \"bankSubmittedAt\",\n       r.allocation_released_at AS \"allocationReleasedAt\", r.allocation_confirmed_at AS \"allocationConfirmedAt\",\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS \"timeline!\"\n  FROM refund.refunds r WHERE r.status = 'pending_settlement' AND r.bank_reference IS NOT NULL AND r.bank_submitted_at < :submittedBefore!\n ORDER BY r.bank_submitted_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
 *        r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
 *        r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
 *        r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
 *   FROM refund.refunds r WHERE r.status = 'pending_settlement' AND r.bank_reference IS NOT NULL AND r.bank_submitted_at < :submittedBefore!
 *  ORDER BY r.bank_submitted_at LIMIT :limit!
 * ```
 */
export const undecidedRefunds = new PreparedQuery<IUndecidedRefundsParams,IUndecidedRefundsResult>(undecidedRefundsIR);


/** 'UnconfirmedRefunds' parameters type */
export interface IUnconfirmedRefundsParams {
  createdBefore: DateOrString;
  limit: NumberOrString;
}

/** 'UnconfirmedRefunds' return type */
export interface IUnconfirmedRefundsResult {
  allocationConfirmedAt: Date | null;
  allocationReleasedAt: Date | null;
  amountMinor: string;
  bankReference: string | null;
  bankSubmittedAt: Date | null;
  createdAt: Date;
  currency: string;
  expectedSettlementDate: string;
  failedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  paymentId: string;
  reason: string;
  settledAt: Date | null;
  status: string;
  timeline: Json;
}

/** 'UnconfirmedRefunds' query type */
export interface IUnconfirmedRefundsQuery {
  params: IUnconfirmedRefundsParams;
  result: IUnconfirmedRefundsResult;
}

const unconfirmedRefundsIR: any = {"usedParamSet":{"createdBefore":true,"limit":true},"params":[{"name":"createdBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":820,"b":834}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":865,"b":871}]}],"statement":"SELECT r.id, r.merchant_id AS \"merchantId\", r.payment_id AS \"paymentId\", r.amount_minor AS \"amountMinor\", r.currency, r.status, r.reason,\n       r.metadata, r.created_at AS \"createdAt\", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS \"expectedSettlementDate!\",\n       r.settled_at AS \"settledAt\", r.failed_at AS \"failedAt\", r.bank_reference AS \"bankReference\", r.bank_submitted_at AS \"bankSubmittedAt\",\n       r.allocation_released_at AS \"allocationReleasedAt\", r.allocation_confirmed_at AS \"allocationConfirmedAt\",\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS \"timeline!\"\n  FROM refund.refunds r WHERE r.allocation_confirmed_at IS NULL AND r.created_at < :createdBefore!\n ORDER BY r.created_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
 *        r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
 *        r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
 *        r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
 *   FROM refund.refunds r WHERE r.allocation_confirmed_at IS NULL AND r.created_at < :createdBefore!
 *  ORDER BY r.created_at LIMIT :limit!
 * ```
 */
export const unconfirmedRefunds = new PreparedQuery<IUnconfirmedRefundsParams,IUnconfirmedRefundsResult>(unconfirmedRefundsIR);


/** 'UnacknowledgedRefunds' parameters type */
export interface IUnacknowledgedRefundsParams {
  createdBefore: DateOrString;
  limit: NumberOrString;
}

/** 'UnacknowledgedRefunds' return type */
export interface IUnacknowledgedRefundsResult {
  allocationConfirmedAt: Date | null;
  allocationReleasedAt: Date | null;
  amountMinor: string;
  bankReference: string | null;
  bankSubmittedAt: Date | null;
  createdAt: Date;
  currency: string;
  expectedSettlementDate: string;
  failedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  paymentId: string;
  reason: string;
  settledAt: Date | null;
  status: string;
  timeline: Json;
}

/** 'UnacknowledgedRefunds' query type */
export interface IUnacknowledgedRefundsQuery {
  params: IUnacknowledgedRefundsParams;
  result: IUnacknowledgedRefundsResult;
}

const unacknowledgedRefundsIR: any = {"usedParamSet":{"createdBefore":true,"limit":true},"params":[{"name":"createdBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":892,"b":906}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":937,"b":943}]}],"statement":"SELECT r.id, r.merchant_id AS \"merchantId\", r.payment_id AS \"paymentId\", r.amount_minor AS \"amountMinor\", r.currency, r.status, r.reason,\n       r.metadata, r.created_at AS \"createdAt\", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS \"expectedSettlementDate!\",\n       r.settled_at AS \"settledAt\", r.failed_at AS \"failedAt\", r.bank_reference AS \"bankReference\", r.bank_submitted_at AS \"bankSubmittedAt\",\n       r.allocation_released_at AS \"allocationReleasedAt\", r.allocation_confirmed_at AS \"allocationConfirmedAt\",\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS \"timeline!\"\n  FROM refund.refunds r WHERE r.status = 'pending_settlement' AND r.bank_reference IS NULL AND r.allocation_confirmed_at IS NOT NULL\n   AND r.created_at < :createdBefore!\n ORDER BY r.created_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
 *        r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
 *        r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
 *        r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
 *   FROM refund.refunds r WHERE r.status = 'pending_settlement' AND r.bank_reference IS NULL AND r.allocation_confirmed_at IS NOT NULL
 *    AND r.created_at < :createdBefore!
 *  ORDER BY r.created_at LIMIT :limit!
 * ```
 */
export const unacknowledgedRefunds = new PreparedQuery<IUnacknowledgedRefundsParams,IUnacknowledgedRefundsResult>(unacknowledgedRefundsIR);


/** 'UnreleasedFailedRefunds' parameters type */
export interface IUnreleasedFailedRefundsParams {
  limit: NumberOrString;
}

/** 'UnreleasedFailedRefunds' return type */
export interface IUnreleasedFailedRefundsResult {
  allocationConfirmedAt: Date | null;
  allocationReleasedAt: Date | null;
  amountMinor: string;
  bankReference: string | null;
  bankSubmittedAt: Date | null;
  createdAt: Date;
  currency: string;
  expectedSettlementDate: string;
  failedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  paymentId: string;
  reason: string;
  settledAt: Date | null;
  status: string;
  timeline: Json;
}

/** 'UnreleasedFailedRefunds' query type */
export interface IUnreleasedFailedRefundsQuery {
  params: IUnreleasedFailedRefundsParams;
  result: IUnreleasedFailedRefundsResult;
}

const unreleasedFailedRefundsIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":852,"b":858}]}],"statement":"SELECT r.id, r.merchant_id AS \"merchantId\", r.payment_id AS \"paymentId\", r.amount_minor AS \"amountMinor\", r.currency, r.status, r.reason,\n       r.metadata, r.created_at AS \"createdAt\", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS \"expectedSettlementDate!\",\n       r.settled_at AS \"settledAt\", r.failed_at AS \"failedAt\", r.bank_reference AS \"bankReference\", r.bank_submitted_at AS \"bankSubmittedAt\",\n       r.allocation_released_at AS \"allocationReleasedAt\", r.allocation_confirmed_at AS \"allocationConfirmedAt\",\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS \"timeline!\"\n  FROM refund.refunds r WHERE r.status = 'failed' AND r.allocation_released_at IS NULL\n ORDER BY r.failed_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
 *        r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
 *        r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
 *        r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"
 *   FROM refund.refunds r WHERE r.status = 'failed' AND r.allocation_released_at IS NULL
 *  ORDER BY r.failed_at LIMIT :limit!
 * ```
 */
export const unreleasedFailedRefunds = new PreparedQuery<IUnreleasedFailedRefundsParams,IUnreleasedFailedRefundsResult>(unreleasedFailedRefundsIR);


/** 'TransitionRefund' parameters type */
export interface ITransitionRefundParams {
  at: DateOrString;
  eventId: string;
  id: string;
  payload: Buffer;
  subject: string;
  to: string;
  traceparent?: string | null | void;
}

/** 'TransitionRefund' return type */
export interface ITransitionRefundResult {
  allocationConfirmedAt: Date | null;
  allocationReleasedAt: Date | null;
  amountMinor: string;
  bankReference: string | null;
  bankSubmittedAt: Date | null;
  createdAt: Date;
  currency: string;
  entrySeq: string | null;
  expectedSettlementDate: string;
  failedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  paymentId: string;
  reason: string;
  settledAt: Date | null;
  status: string;
  timeline: Json;
}

/** 'TransitionRefund' query type */
export interface ITransitionRefundQuery {
  params: ITransitionRefundParams;
  result: ITransitionRefundResult;
}

const transitionRefundIR: any = {"usedParamSet":{"to":true,"at":true,"id":true,"eventId":true,"subject":true,"payload":true,"traceparent":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":58},{"a":88,"b":91},{"a":177,"b":180},{"a":1118,"b":1121}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":113},{"a":198,"b":201},{"a":1124,"b":1127}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":253,"b":256}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1254,"b":1262}]},{"name":"subject","required":true,"transform":{"type":"scalar"},"locs":[{"a":1265,"b":1273}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":1276,"b":1284}]},{"name":"traceparent","required":false,"transform":{"type":"scalar"},"locs":[{"a":1287,"b":1298}]}],"statement":"WITH moved AS (\n  UPDATE refund.refunds r SET status = :to!,\n    settled_at = CASE WHEN :to! = 'settled' THEN :at!::timestamptz ELSE r.settled_at END,\n    failed_at = CASE WHEN :to! = 'failed' THEN :at!::timestamptz ELSE r.failed_at END\n   WHERE r.id = :id! AND r.status = 'pending_settlement'\n  RETURNING r.id, r.merchant_id AS \"merchantId\", r.payment_id AS \"paymentId\", r.amount_minor AS \"amountMinor\", r.currency, r.status, r.reason,\n       r.metadata, r.created_at AS \"createdAt\", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS \"expectedSettlementDate!\",\n       r.settled_at AS \"settledAt\", r.failed_at AS \"failedAt\", r.bank_reference AS \"bankReference\", r.bank_submitted_at AS \"bankSubmittedAt\",\n       r.allocation_released_at AS \"allocationReleasedAt\", r.allocation_confirmed_at AS \"allocationConfirmedAt\",\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS \"timeline!\"),\nentry AS (INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, :to!, :at! FROM moved RETURNING seq),\noutbox AS (\n  INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent)\n  SELECT :eventId!, :subject!, :payload!, :traceparent FROM moved)\nSELECT moved.*, (SELECT seq::text FROM entry) AS \"entrySeq\" FROM moved"};

/**
 * Query generated from SQL:
 * ```
 * WITH moved AS (
 *   UPDATE refund.refunds r SET status = :to!,
 *     settled_at = CASE WHEN :to! = 'settled' THEN :at!::timestamptz ELSE r.settled_at END,
 *     failed_at = CASE WHEN :to! = 'failed' THEN :at!::timestamptz ELSE r.failed_at END
 *    WHERE r.id = :id! AND r.status = 'pending_settlement'
 *   RETURNING r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
 *        r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
 *        r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
 *        r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"),
 * entry AS (INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, :to!, :at! FROM moved RETURNING seq),
 * outbox AS (
 *   INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent)
 *   SELECT :eventId!, :subject!, :payload!, :traceparent FROM moved)
 * SELECT moved.*, (SELECT seq::text FROM entry) AS "entrySeq" FROM moved
 * ```
 */
export const transitionRefund = new PreparedQuery<ITransitionRefundParams,ITransitionRefundResult>(transitionRefundIR);


/** 'NoteAllocationReleased' parameters type */
export interface INoteAllocationReleasedParams {
  at: DateOrString;
  id: string;
  merchantId: string;
}

/** 'NoteAllocationReleased' return type */
export type INoteAllocationReleasedResult = void;

/** 'NoteAllocationReleased' query type */
export interface INoteAllocationReleasedQuery {
  params: INoteAllocationReleasedParams;
  result: INoteAllocationReleasedResult;
}

const noteAllocationReleasedIR: any = {"usedParamSet":{"at":true,"id":true,"merchantId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":54}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":71}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":102}]}],"statement":"UPDATE refund.refunds SET allocation_released_at = :at!\n WHERE id = :id! AND merchant_id = :merchantId! AND status = 'failed' AND allocation_released_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE refund.refunds SET allocation_released_at = :at!
 *  WHERE id = :id! AND merchant_id = :merchantId! AND status = 'failed' AND allocation_released_at IS NULL
 * ```
 */
export const noteAllocationReleased = new PreparedQuery<INoteAllocationReleasedParams,INoteAllocationReleasedResult>(noteAllocationReleasedIR);


/** 'InsertRequest' parameters type */
export interface IInsertRequestParams {
  amountMinor: NumberOrString;
  id: string;
  merchantId: string;
  paymentId: string;
}

/** 'InsertRequest' return type */
export type IInsertRequestResult = void;

/** 'InsertRequest' query type */
export interface IInsertRequestQuery {
  params: IInsertRequestParams;
  result: IInsertRequestResult;
}

const insertRequestIR: any = {"usedParamSet":{"id":true,"merchantId":true,"paymentId":true,"amountMinor":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":97}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":111}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":124}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":139}]}],"statement":"INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, :amountMinor!, 'open')"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, :amountMinor!, 'open')
 * ```
 */
export const insertRequest = new PreparedQuery<IInsertRequestParams,IInsertRequestResult>(insertRequestIR);


/** 'InsertRefund' parameters type */
export interface IInsertRefundParams {
  amountMinor: NumberOrString;
  at: DateOrString;
  currency: string;
  eventId: string;
  expectedSettlementDate: DateOrString;
  id: string;
  merchantId: string;
  metadata: Json;
  payload: Buffer;
  paymentId: string;
  reason: string;
  subject: string;
  traceparent?: string | null | void;
}

/** 'InsertRefund' return type */
export interface IInsertRefundResult {
  seq: string | null;
}

/** 'InsertRefund' query type */
export interface IInsertRefundQuery {
  params: IInsertRefundParams;
  result: IInsertRefundResult;
}

const insertRefundIR: any = {"usedParamSet":{"id":true,"merchantId":true,"paymentId":true,"amountMinor":true,"currency":true,"reason":true,"metadata":true,"at":true,"expectedSettlementDate":true,"eventId":true,"subject":true,"payload":true,"traceparent":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":122},{"a":526,"b":529}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":136},{"a":308,"b":319},{"a":532,"b":543}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":149},{"a":546,"b":556}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":164},{"a":249,"b":261},{"a":559,"b":571}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":574,"b":583}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":608,"b":615}]},{"name":"metadata","required":true,"transform":{"type":"scalar"},"locs":[{"a":618,"b":627}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":637,"b":640},{"a":811,"b":814}]},{"name":"expectedSettlementDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":643,"b":666}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":941,"b":949}]},{"name":"subject","required":true,"transform":{"type":"scalar"},"locs":[{"a":952,"b":960}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":963,"b":971}]},{"name":"traceparent","required":false,"transform":{"type":"scalar"},"locs":[{"a":974,"b":985}]}],"statement":"WITH request AS (\n  INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, :amountMinor!, 'completed')\n  ON CONFLICT (id) DO UPDATE SET state = 'completed', amount_minor = :amountMinor!, updated_at = now()\n   WHERE r.merchant_id = :merchantId! AND r.state = 'open' RETURNING id),\ncreated AS (\n  INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, reason, metadata, created_at, expected_settlement_date)\n  SELECT :id!, :merchantId!, :paymentId!, :amountMinor!, :currency!, 'pending_settlement', :reason!, :metadata!::jsonb, :at!, :expectedSettlementDate!::date\n    FROM request RETURNING id),\nentry AS (\n  INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, 'pending_settlement', :at! FROM created RETURNING seq),\noutbox AS (\n  INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent) SELECT :eventId!, :subject!, :payload!, :traceparent FROM created)\nSELECT (SELECT seq::text FROM entry) AS seq"};

/**
 * Query generated from SQL:
 * ```
 * WITH request AS (
 *   INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, :amountMinor!, 'completed')
 *   ON CONFLICT (id) DO UPDATE SET state = 'completed', amount_minor = :amountMinor!, updated_at = now()
 *    WHERE r.merchant_id = :merchantId! AND r.state = 'open' RETURNING id),
 * created AS (
 *   INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, reason, metadata, created_at, expected_settlement_date)
 *   SELECT :id!, :merchantId!, :paymentId!, :amountMinor!, :currency!, 'pending_settlement', :reason!, :metadata!::jsonb, :at!, :expectedSettlementDate!::date
 *     FROM request RETURNING id),
 * entry AS (
 *   INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, 'pending_settlement', :at! FROM created RETURNING seq),
 * outbox AS (
 *   INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent) SELECT :eventId!, :subject!, :payload!, :traceparent FROM created)
 * SELECT (SELECT seq::text FROM entry) AS seq
 * ```
 */
export const insertRefund = new PreparedQuery<IInsertRefundParams,IInsertRefundResult>(insertRefundIR);


/** 'NoteAllocationConfirmed' parameters type */
export interface INoteAllocationConfirmedParams {
  id: string;
  merchantId: string;
}

/** 'NoteAllocationConfirmed' return type */
export type INoteAllocationConfirmedResult = void;

/** 'NoteAllocationConfirmed' query type */
export interface INoteAllocationConfirmedQuery {
  params: INoteAllocationConfirmedParams;
  result: INoteAllocationConfirmedResult;
}

const noteAllocationConfirmedIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":72}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":103}]}],"statement":"UPDATE refund.refunds SET allocation_confirmed_at = now() WHERE id = :id! AND merchant_id = :merchantId! AND allocation_confirmed_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE refund.refunds SET allocation_confirmed_at = now() WHERE id = :id! AND merchant_id = :merchantId! AND allocation_confirmed_at IS NULL
 * ```
 */
export const noteAllocationConfirmed = new PreparedQuery<INoteAllocationConfirmedParams,INoteAllocationConfirmedResult>(noteAllocationConfirmedIR);


/** 'NoteBankAcknowledged' parameters type */
export interface INoteBankAcknowledgedParams {
  at: DateOrString;
  bankReference: string;
  bookingConfirmed: boolean;
  id: string;
  merchantId: string;
}

/** 'NoteBankAcknowledged' return type */
export type INoteBankAcknowledgedResult = void;

/** 'NoteBankAcknowledged' query type */
export interface INoteBankAcknowledgedQuery {
  params: INoteBankAcknowledgedParams;
  result: INoteBankAcknowledgedResult;
}

const noteBankAcknowledgedIR: any = {"usedParamSet":{"bankReference":true,"at":true,"bookingConfirmed":true,"id":true,"merchantId":true},"params":[{"name":"bankReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":82}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":109},{"a":214,"b":217}]},{"name":"bookingConfirmed","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":167}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":265,"b":268}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":288,"b":299}]}],"statement":"UPDATE refund.refunds SET bank_reference = COALESCE(bank_reference, :bankReference!), bank_submitted_at = :at!,\n  allocation_confirmed_at = CASE WHEN :bookingConfirmed!::bool THEN COALESCE(allocation_confirmed_at, :at!) ELSE allocation_confirmed_at END\n WHERE id = :id! AND merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE refund.refunds SET bank_reference = COALESCE(bank_reference, :bankReference!), bank_submitted_at = :at!,
 *   allocation_confirmed_at = CASE WHEN :bookingConfirmed!::bool THEN COALESCE(allocation_confirmed_at, :at!) ELSE allocation_confirmed_at END
 *  WHERE id = :id! AND merchant_id = :merchantId!
 * ```
 */
export const noteBankAcknowledged = new PreparedQuery<INoteBankAcknowledgedParams,INoteBankAcknowledgedResult>(noteBankAcknowledgedIR);


