/** Types generated for queries found in "src/db/sql/payments.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'InsertPayment' parameters type */
export interface IInsertPaymentParams {
  amountMinor: NumberOrString;
  attempt: number;
  consentId?: string | null | void;
  currency: string;
  endToEndId: string;
  idempotencyKey: string;
  instructionId: string;
  leaseMs: number;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
}

/** 'InsertPayment' return type */
export interface IInsertPaymentResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'InsertPayment' query type */
export interface IInsertPaymentQuery {
  params: IInsertPaymentParams;
  result: IInsertPaymentResult;
}

const insertPaymentIR: any = {"usedParamSet":{"paymentId":true,"attempt":true,"merchantId":true,"mandateId":true,"consentId":true,"amountMinor":true,"currency":true,"reference":true,"endToEndId":true,"idempotencyKey":true,"instructionId":true,"leaseMs":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":210,"b":220}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":231}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":234,"b":245}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":248,"b":258}]},{"name":"consentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":261,"b":270}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":273,"b":285}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":305}]},{"name":"reference","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":318}]},{"name":"endToEndId","required":true,"transform":{"type":"scalar"},"locs":[{"a":321,"b":332}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":358}]},{"name":"instructionId","required":true,"transform":{"type":"scalar"},"locs":[{"a":361,"b":375}]},{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":422,"b":430}]}],"statement":"INSERT INTO connector.payments (payment_id, attempt, merchant_id, mandate_id, consent_id, amount_minor, currency, reference,\n       end_to_end_id, idempotency_key, instruction_id, stage, next_check_at)\nVALUES (:paymentId!, :attempt!, :merchantId!, :mandateId!, :consentId, :amountMinor!::bigint, :currency!, :reference!, :endToEndId!,\n        :idempotencyKey!, :instructionId!, 'submitting', now() + make_interval(secs => :leaseMs!::double precision / 1000))\nON CONFLICT DO NOTHING\nRETURNING payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO connector.payments (payment_id, attempt, merchant_id, mandate_id, consent_id, amount_minor, currency, reference,
 *        end_to_end_id, idempotency_key, instruction_id, stage, next_check_at)
 * VALUES (:paymentId!, :attempt!, :merchantId!, :mandateId!, :consentId, :amountMinor!::bigint, :currency!, :reference!, :endToEndId!,
 *         :idempotencyKey!, :instructionId!, 'submitting', now() + make_interval(secs => :leaseMs!::double precision / 1000))
 * ON CONFLICT DO NOTHING
 * RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 * ```
 */
export const insertPayment = new PreparedQuery<IInsertPaymentParams,IInsertPaymentResult>(insertPaymentIR);


/** 'FindPayment' parameters type */
export interface IFindPaymentParams {
  attempt: number;
  paymentId: string;
}

/** 'FindPayment' return type */
export interface IFindPaymentResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'FindPayment' query type */
export interface IFindPaymentQuery {
  params: IFindPaymentParams;
  result: IFindPaymentResult;
}

const findPaymentIR: any = {"usedParamSet":{"paymentId":true,"attempt":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":666,"b":676}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":692,"b":700}]}],"statement":"SELECT payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\"\n  FROM connector.payments WHERE payment_id = :paymentId! AND attempt = :attempt!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 *   FROM connector.payments WHERE payment_id = :paymentId! AND attempt = :attempt!
 * ```
 */
export const findPayment = new PreparedQuery<IFindPaymentParams,IFindPaymentResult>(findPaymentIR);


/** 'FindPaymentByBankId' parameters type */
export interface IFindPaymentByBankIdParams {
  bankPaymentId: string;
}

/** 'FindPaymentByBankId' return type */
export interface IFindPaymentByBankIdResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'FindPaymentByBankId' query type */
export interface IFindPaymentByBankIdQuery {
  params: IFindPaymentByBankIdParams;
  result: IFindPaymentByBankIdResult;
}

const findPaymentByBankIdIR: any = {"usedParamSet":{"bankPaymentId":true},"params":[{"name":"bankPaymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":671,"b":685}]}],"statement":"SELECT payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\"\n  FROM connector.payments WHERE bank_payment_id = :bankPaymentId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 *   FROM connector.payments WHERE bank_payment_id = :bankPaymentId!
 * ```
 */
export const findPaymentByBankId = new PreparedQuery<IFindPaymentByBankIdParams,IFindPaymentByBankIdResult>(findPaymentByBankIdIR);


/** 'LatestAttempt' parameters type */
export interface ILatestAttemptParams {
  merchantId: string;
  paymentId: string;
}

/** 'LatestAttempt' return type */
export interface ILatestAttemptResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'LatestAttempt' query type */
export interface ILatestAttemptQuery {
  params: ILatestAttemptParams;
  result: ILatestAttemptResult;
}

const latestAttemptIR: any = {"usedParamSet":{"merchantId":true,"paymentId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":667,"b":678}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":697,"b":707}]}],"statement":"SELECT payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\"\n  FROM connector.payments WHERE merchant_id = :merchantId! AND payment_id = :paymentId! ORDER BY attempt DESC LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 *   FROM connector.payments WHERE merchant_id = :merchantId! AND payment_id = :paymentId! ORDER BY attempt DESC LIMIT 1
 * ```
 */
export const latestAttempt = new PreparedQuery<ILatestAttemptParams,ILatestAttemptResult>(latestAttemptIR);


/** 'ClaimSubmission' parameters type */
export interface IClaimSubmissionParams {
  attempt: number;
  leaseMs: number;
  paymentId: string;
}

/** 'ClaimSubmission' return type */
export interface IClaimSubmissionResult {
  payment_id: string;
}

/** 'ClaimSubmission' query type */
export interface IClaimSubmissionQuery {
  params: IClaimSubmissionParams;
  result: IClaimSubmissionResult;
}

const claimSubmissionIR: any = {"usedParamSet":{"leaseMs":true,"paymentId":true,"attempt":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":84}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":142}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":166}]}],"statement":"UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)\n WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage = 'submitting' AND next_check_at <= now() RETURNING payment_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *  WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage = 'submitting' AND next_check_at <= now() RETURNING payment_id
 * ```
 */
export const claimSubmission = new PreparedQuery<IClaimSubmissionParams,IClaimSubmissionResult>(claimSubmissionIR);


/** 'ClaimDuePayments' parameters type */
export interface IClaimDuePaymentsParams {
  leaseMs: number;
  limit: NumberOrString;
}

/** 'ClaimDuePayments' return type */
export interface IClaimDuePaymentsResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'ClaimDuePayments' query type */
export interface IClaimDuePaymentsQuery {
  params: IClaimDuePaymentsParams;
  result: IClaimDuePaymentsResult;
}

const claimDuePaymentsIR: any = {"usedParamSet":{"leaseMs":true,"limit":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":84}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":305,"b":311}]}],"statement":"UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)\n WHERE (payment_id, attempt) IN (\n   SELECT payment_id, attempt FROM connector.payments\n    WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()\n    ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *  WHERE (payment_id, attempt) IN (
 *    SELECT payment_id, attempt FROM connector.payments
 *     WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()
 *     ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 * ```
 */
export const claimDuePayments = new PreparedQuery<IClaimDuePaymentsParams,IClaimDuePaymentsResult>(claimDuePaymentsIR);


/** 'RecordPayment' parameters type */
export interface IRecordPaymentParams {
  attempt: number;
  bankPaymentId?: string | null | void;
  bankStatus?: string | null | void;
  counted: boolean;
  failureCode?: string | null | void;
  failureOrigin?: string | null | void;
  nextCheckAt?: DateOrString | null | void;
  paymentId: string;
  refundAccount?: Json | null | void;
  settleDueAt?: DateOrString | null | void;
  settlementDate?: DateOrString | null | void;
  stage: string;
  statusReason?: string | null | void;
}

/** 'RecordPayment' return type */
export interface IRecordPaymentResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'RecordPayment' query type */
export interface IRecordPaymentQuery {
  params: IRecordPaymentParams;
  result: IRecordPaymentResult;
}

const recordPaymentIR: any = {"usedParamSet":{"stage":true,"bankPaymentId":true,"bankStatus":true,"statusReason":true,"failureCode":true,"failureOrigin":true,"settlementDate":true,"refundAccount":true,"nextCheckAt":true,"settleDueAt":true,"counted":true,"paymentId":true,"attempt":true},"params":[{"name":"stage","required":true,"transform":{"type":"scalar"},"locs":[{"a":38,"b":44}]},{"name":"bankPaymentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":74,"b":87}]},{"name":"bankStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":138,"b":148}]},{"name":"statusReason","required":false,"transform":{"type":"scalar"},"locs":[{"a":190,"b":202}]},{"name":"failureCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":236,"b":247}]},{"name":"failureOrigin","required":false,"transform":{"type":"scalar"},"locs":[{"a":274,"b":287}]},{"name":"settlementDate","required":false,"transform":{"type":"scalar"},"locs":[{"a":308,"b":322}]},{"name":"refundAccount","required":false,"transform":{"type":"scalar"},"locs":[{"a":357,"b":370}]},{"name":"nextCheckAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":413,"b":424}]},{"name":"settleDueAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":508,"b":519}]},{"name":"counted","required":true,"transform":{"type":"scalar"},"locs":[{"a":571,"b":579}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":667,"b":677}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":693,"b":701}]}],"statement":"UPDATE connector.payments SET stage = :stage!, bank_payment_id = COALESCE(:bankPaymentId, bank_payment_id),\n       bank_status = COALESCE(:bankStatus, bank_status), status_reason = COALESCE(:statusReason, status_reason), failure_code = :failureCode,\n       failure_origin = :failureOrigin, settlement_date = :settlementDate::date, refund_account = COALESCE(:refundAccount, refund_account),\n       next_check_at = :nextCheckAt, settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payment_id IS NULL THEN :settleDueAt ELSE settle_due_at END,\n       checks = CASE WHEN :counted! THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()\n WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending')\nRETURNING payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments SET stage = :stage!, bank_payment_id = COALESCE(:bankPaymentId, bank_payment_id),
 *        bank_status = COALESCE(:bankStatus, bank_status), status_reason = COALESCE(:statusReason, status_reason), failure_code = :failureCode,
 *        failure_origin = :failureOrigin, settlement_date = :settlementDate::date, refund_account = COALESCE(:refundAccount, refund_account),
 *        next_check_at = :nextCheckAt, settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payment_id IS NULL THEN :settleDueAt ELSE settle_due_at END,
 *        checks = CASE WHEN :counted! THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()
 *  WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending')
 * RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 * ```
 */
export const recordPayment = new PreparedQuery<IRecordPaymentParams,IRecordPaymentResult>(recordPaymentIR);


/** 'PostponePayment' parameters type */
export interface IPostponePaymentParams {
  attempt: number;
  nextCheckAt: DateOrString;
  paymentId: string;
  serverError: boolean;
}

/** 'PostponePayment' return type */
export interface IPostponePaymentResult {
  server_errors: number;
}

/** 'PostponePayment' query type */
export interface IPostponePaymentQuery {
  params: IPostponePaymentParams;
  result: IPostponePaymentResult;
}

const postponePaymentIR: any = {"usedParamSet":{"nextCheckAt":true,"serverError":true,"paymentId":true,"attempt":true},"params":[{"name":"nextCheckAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":46,"b":58}]},{"name":"serverError","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":127}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":215,"b":225}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":241,"b":249}]}],"statement":"UPDATE connector.payments SET next_check_at = :nextCheckAt!, checks = checks + 1,\n       server_errors = CASE WHEN :serverError! THEN server_errors + 1 ELSE server_errors END, updated_at = now()\n WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending') RETURNING server_errors"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments SET next_check_at = :nextCheckAt!, checks = checks + 1,
 *        server_errors = CASE WHEN :serverError! THEN server_errors + 1 ELSE server_errors END, updated_at = now()
 *  WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending') RETURNING server_errors
 * ```
 */
export const postponePayment = new PreparedQuery<IPostponePaymentParams,IPostponePaymentResult>(postponePaymentIR);


/** 'CheckPaymentNow' parameters type */
export interface ICheckPaymentNowParams {
  attempt: number;
  paymentId: string;
}

/** 'CheckPaymentNow' return type */
export type ICheckPaymentNowResult = void;

/** 'CheckPaymentNow' query type */
export interface ICheckPaymentNowQuery {
  params: ICheckPaymentNowParams;
  result: ICheckPaymentNowResult;
}

const checkPaymentNowIR: any = {"usedParamSet":{"paymentId":true,"attempt":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":93}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":117}]}],"statement":"UPDATE connector.payments SET next_check_at = now(), checks = 0 WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments SET next_check_at = now(), checks = 0 WHERE payment_id = :paymentId! AND attempt = :attempt! AND stage IN ('submitting', 'pending')
 * ```
 */
export const checkPaymentNow = new PreparedQuery<ICheckPaymentNowParams,ICheckPaymentNowResult>(checkPaymentNowIR);


/** 'ClaimUnreportedPayments' parameters type */
export interface IClaimUnreportedPaymentsParams {
  leaseMs: number;
  limit: NumberOrString;
}

/** 'ClaimUnreportedPayments' return type */
export interface IClaimUnreportedPaymentsResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'ClaimUnreportedPayments' query type */
export interface IClaimUnreportedPaymentsQuery {
  params: IClaimUnreportedPaymentsParams;
  result: IClaimUnreportedPaymentsResult;
}

const claimUnreportedPaymentsIR: any = {"usedParamSet":{"leaseMs":true,"limit":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":84}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":349,"b":355}]}],"statement":"UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)\n WHERE (payment_id, attempt) IN (\n   SELECT payment_id, attempt FROM connector.payments\n    WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())\n    ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *  WHERE (payment_id, attempt) IN (
 *    SELECT payment_id, attempt FROM connector.payments
 *     WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())
 *     ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 * ```
 */
export const claimUnreportedPayments = new PreparedQuery<IClaimUnreportedPaymentsParams,IClaimUnreportedPaymentsResult>(claimUnreportedPaymentsIR);


/** 'MarkPaymentsReported' parameters type */
export interface IMarkPaymentsReportedParams {
  attempts: numberArray;
  paymentIds: stringArray;
}

/** 'MarkPaymentsReported' return type */
export type IMarkPaymentsReportedResult = void;

/** 'MarkPaymentsReported' query type */
export interface IMarkPaymentsReportedQuery {
  params: IMarkPaymentsReportedParams;
  result: IMarkPaymentsReportedResult;
}

const markPaymentsReportedIR: any = {"usedParamSet":{"paymentIds":true,"attempts":true},"params":[{"name":"paymentIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":99}]},{"name":"attempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":119}]}],"statement":"UPDATE connector.payments p SET reported_at = now(), next_check_at = NULL\n  FROM unnest(:paymentIds!::text[], :attempts!::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments p SET reported_at = now(), next_check_at = NULL
 *   FROM unnest(:paymentIds!::text[], :attempts!::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt
 * ```
 */
export const markPaymentsReported = new PreparedQuery<IMarkPaymentsReportedParams,IMarkPaymentsReportedResult>(markPaymentsReportedIR);


/** 'PostponePaymentReports' parameters type */
export interface IPostponePaymentReportsParams {
  attempts: numberArray;
  delayMs: number;
  paymentIds: stringArray;
}

/** 'PostponePaymentReports' return type */
export type IPostponePaymentReportsResult = void;

/** 'PostponePaymentReports' query type */
export interface IPostponePaymentReportsQuery {
  params: IPostponePaymentReportsParams;
  result: IPostponePaymentReportsResult;
}

const postponePaymentReportsIR: any = {"usedParamSet":{"delayMs":true,"paymentIds":true,"attempts":true},"params":[{"name":"delayMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":86}]},{"name":"paymentIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":139}]},{"name":"attempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":159}]}],"statement":"UPDATE connector.payments p SET next_check_at = now() + make_interval(secs => :delayMs!::double precision / 1000)\n  FROM unnest(:paymentIds!::text[], :attempts!::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments p SET next_check_at = now() + make_interval(secs => :delayMs!::double precision / 1000)
 *   FROM unnest(:paymentIds!::text[], :attempts!::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt
 * ```
 */
export const postponePaymentReports = new PreparedQuery<IPostponePaymentReportsParams,IPostponePaymentReportsResult>(postponePaymentReportsIR);


/** 'FindDueSettlements' parameters type */
export interface IFindDueSettlementsParams {
  horizonMs: number;
  limit: NumberOrString;
}

/** 'FindDueSettlements' return type */
export interface IFindDueSettlementsResult {
  amountMinor: string;
  attempt: number;
  bankPaymentId: string | null;
  bankStatus: string | null;
  checks: number;
  consentId: string | null;
  currency: string;
  endToEndId: string;
  failureCode: string | null;
  failureOrigin: string | null;
  idempotencyKey: string;
  instructionId: string;
  mandateId: string;
  merchantId: string;
  paymentId: string;
  reference: string;
  refundAccount: Json | null;
  serverErrors: number;
  settleDueAt: Date | null;
  settlementDate: string | null;
  stage: string;
}

/** 'FindDueSettlements' query type */
export interface IFindDueSettlementsQuery {
  params: IFindDueSettlementsParams;
  result: IFindDueSettlementsResult;
}

const findDueSettlementsIR: any = {"usedParamSet":{"horizonMs":true,"limit":true},"params":[{"name":"horizonMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":730,"b":740}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":798,"b":804}]}],"statement":"SELECT payment_id AS \"paymentId\", attempt, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", consent_id AS \"consentId\",\n       amount_minor::text AS \"amountMinor!\", currency, reference, end_to_end_id AS \"endToEndId\", idempotency_key AS \"idempotencyKey\",\n       instruction_id AS \"instructionId\", bank_payment_id AS \"bankPaymentId\", bank_status AS \"bankStatus\", stage, failure_code AS \"failureCode\",\n       failure_origin AS \"failureOrigin\", to_char(settlement_date, 'YYYY-MM-DD') AS \"settlementDate\", refund_account AS \"refundAccount\", checks,\n       server_errors AS \"serverErrors\", settle_due_at AS \"settleDueAt\"\n  FROM connector.payments WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + make_interval(secs => :horizonMs!::double precision / 1000)\n ORDER BY settle_due_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT payment_id AS "paymentId", attempt, merchant_id AS "merchantId", mandate_id AS "mandateId", consent_id AS "consentId",
 *        amount_minor::text AS "amountMinor!", currency, reference, end_to_end_id AS "endToEndId", idempotency_key AS "idempotencyKey",
 *        instruction_id AS "instructionId", bank_payment_id AS "bankPaymentId", bank_status AS "bankStatus", stage, failure_code AS "failureCode",
 *        failure_origin AS "failureOrigin", to_char(settlement_date, 'YYYY-MM-DD') AS "settlementDate", refund_account AS "refundAccount", checks,
 *        server_errors AS "serverErrors", settle_due_at AS "settleDueAt"
 *   FROM connector.payments WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + make_interval(secs => :horizonMs!::double precision / 1000)
 *  ORDER BY settle_due_at LIMIT :limit!
 * ```
 */
export const findDueSettlements = new PreparedQuery<IFindDueSettlementsParams,IFindDueSettlementsResult>(findDueSettlementsIR);


/** 'ClearSettlement' parameters type */
export interface IClearSettlementParams {
  attempt: number;
  paymentId: string;
}

/** 'ClearSettlement' return type */
export interface IClearSettlementResult {
  payment_id: string;
}

/** 'ClearSettlement' query type */
export interface IClearSettlementQuery {
  params: IClearSettlementParams;
  result: IClearSettlementResult;
}

const clearSettlementIR: any = {"usedParamSet":{"paymentId":true,"attempt":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":80}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":104}]}],"statement":"UPDATE connector.payments SET settle_due_at = NULL WHERE payment_id = :paymentId! AND attempt = :attempt! AND settle_due_at IS NOT NULL RETURNING payment_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.payments SET settle_due_at = NULL WHERE payment_id = :paymentId! AND attempt = :attempt! AND settle_due_at IS NOT NULL RETURNING payment_id
 * ```
 */
export const clearSettlement = new PreparedQuery<IClearSettlementParams,IClearSettlementResult>(clearSettlementIR);


