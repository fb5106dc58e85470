/** Types generated for queries found in "src/db/sql/payments.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type BufferArray = (Buffer)[];

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type booleanArray = (boolean)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'ReadPayment' parameters type */
export interface IReadPaymentParams {
  id: string;
  merchantId: string;
}

/** 'ReadPayment' return type */
export interface IReadPaymentResult {
  amount_held_minor: string;
  amount_minor: string;
  amount_refunded_minor: string;
  auto_retries: number;
  bank_acked_at: Date | null;
  clearing_status: string;
  created_at: Date;
  currency: string;
  end_to_end_id: string;
  failure_code: string | null;
  failure_origin: string | null;
  id: string;
  mandate_id: string;
  merchant_id: string;
  metadata: Json;
  next_retry_at: Date | null;
  period_key: string | null;
  reference: string;
  retry_count: number;
  schedule_id: string | null;
  settlement_date: string | null;
  status: string;
  submitted_at: Date;
  timeline: Json;
}

/** 'ReadPayment' query type */
export interface IReadPaymentQuery {
  params: IReadPaymentParams;
  result: IReadPaymentResult;
}

const readPaymentIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":774,"b":777}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":799,"b":810}]}],"statement":"SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS \"amount_minor!\", p.currency, p.status, p.clearing_status,\n       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,\n       p.amount_refunded_minor::text AS \"amount_refunded_minor!\", p.amount_held_minor::text AS \"amount_held_minor!\", p.metadata, p.reference,\n       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS \"timeline!\"\n  FROM payment.payments p WHERE p.id = :id! AND p.merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
 *        to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
 *        p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
 *        p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!"
 *   FROM payment.payments p WHERE p.id = :id! AND p.merchant_id = :merchantId!
 * ```
 */
export const readPayment = new PreparedQuery<IReadPaymentParams,IReadPaymentResult>(readPaymentIR);


/** 'ReadPaymentsForBank' parameters type */
export interface IReadPaymentsForBankParams {
  ids: stringArray;
}

/** 'ReadPaymentsForBank' return type */
export interface IReadPaymentsForBankResult {
  amount_held_minor: string;
  amount_minor: string;
  amount_refunded_minor: string;
  auto_retries: number;
  bank_acked_at: Date | null;
  clearing_status: string;
  created_at: Date;
  currency: string;
  end_to_end_id: string;
  failure_code: string | null;
  failure_origin: string | null;
  id: string;
  mandate_id: string;
  merchant_id: string;
  metadata: Json;
  next_retry_at: Date | null;
  period_key: string | null;
  reference: string;
  retry_count: number;
  schedule_id: string | null;
  settlement_date: string | null;
  status: string;
  submitted_at: Date;
  timeline: Json;
}

/** 'ReadPaymentsForBank' query type */
export interface IReadPaymentsForBankQuery {
  params: IReadPaymentsForBankParams;
  result: IReadPaymentsForBankResult;
}

const readPaymentsForBankIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":778,"b":782}]}],"statement":"SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS \"amount_minor!\", p.currency, p.status, p.clearing_status,\n       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,\n       p.amount_refunded_minor::text AS \"amount_refunded_minor!\", p.amount_held_minor::text AS \"amount_held_minor!\", p.metadata, p.reference,\n       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS \"timeline!\"\n  FROM payment.payments p WHERE p.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
 *        to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
 *        p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
 *        p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!"
 *   FROM payment.payments p WHERE p.id = ANY(:ids!::text[])
 * ```
 */
export const readPaymentsForBank = new PreparedQuery<IReadPaymentsForBankParams,IReadPaymentsForBankResult>(readPaymentsForBankIR);


/** 'InsertSubmitted' parameters type */
export interface IInsertSubmittedParams {
  amountMinor: NumberOrString;
  at: DateOrString;
  autoRetries: number;
  currency: string;
  endToEndId: string;
  eventId: string;
  id: string;
  mandateId: string;
  merchantId: string;
  metadata: Json;
  payload: Buffer;
  periodKey?: string | null | void;
  reference: string;
  replica: boolean;
  scheduleId?: string | null | void;
  subject: string;
  termsVersion: NumberOrString;
  traceparent?: string | null | void;
}

/** 'InsertSubmitted' return type */
export interface IInsertSubmittedResult {
  closed: boolean | null;
  seq: string | null;
  stale: boolean | null;
}

/** 'InsertSubmitted' query type */
export interface IInsertSubmittedQuery {
  params: IInsertSubmittedParams;
  result: IInsertSubmittedResult;
}

const insertSubmittedIR: any = {"usedParamSet":{"mandateId":true,"merchantId":true,"replica":true,"termsVersion":true,"id":true,"amountMinor":true,"currency":true,"metadata":true,"periodKey":true,"at":true,"reference":true,"endToEndId":true,"scheduleId":true,"autoRetries":true,"eventId":true,"subject":true,"payload":true,"traceparent":true},"params":[{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":95},{"a":700,"b":710}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":109},{"a":686,"b":697}]},{"name":"replica","required":true,"transform":{"type":"scalar"},"locs":[{"a":260,"b":268}]},{"name":"termsVersion","required":true,"transform":{"type":"scalar"},"locs":[{"a":332,"b":345},{"a":377,"b":390}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":680,"b":683}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":713,"b":725}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":736,"b":745}]},{"name":"metadata","required":true,"transform":{"type":"scalar"},"locs":[{"a":772,"b":781}]},{"name":"periodKey","required":false,"transform":{"type":"scalar"},"locs":[{"a":791,"b":800}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":803,"b":806},{"a":831,"b":834},{"a":1070,"b":1073},{"a":1268,"b":1271}]},{"name":"reference","required":true,"transform":{"type":"scalar"},"locs":[{"a":850,"b":860}]},{"name":"endToEndId","required":true,"transform":{"type":"scalar"},"locs":[{"a":863,"b":874}]},{"name":"scheduleId","required":false,"transform":{"type":"scalar"},"locs":[{"a":877,"b":887}]},{"name":"autoRetries","required":true,"transform":{"type":"scalar"},"locs":[{"a":890,"b":902}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1228,"b":1236}]},{"name":"subject","required":true,"transform":{"type":"scalar"},"locs":[{"a":1239,"b":1247}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":1250,"b":1258}]},{"name":"traceparent","required":false,"transform":{"type":"scalar"},"locs":[{"a":1287,"b":1298}]}],"statement":"WITH gate AS (\n  INSERT INTO payment.mandate_gates (mandate_id, merchant_id) VALUES (:mandateId!, :merchantId!)\n  ON CONFLICT (mandate_id) DO UPDATE SET merchant_id = payment.mandate_gates.merchant_id\n  RETURNING closed_at IS NOT NULL AS closed,\n    CASE WHEN :replica!::boolean THEN terms IS NULL OR terms_version IS DISTINCT FROM :termsVersion!::bigint\n         ELSE fence > :termsVersion!::bigint END AS stale),\ncreated AS (\n  INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, metadata, period_key, created_at, submitted_at,\n                                reference, end_to_end_id, schedule_id, auto_retries)\n  SELECT :id!, :merchantId!, :mandateId!, :amountMinor!::bigint, :currency!, 'submitted', 'pending', :metadata!::jsonb, :periodKey, :at!::timestamptz,\n         :at!::timestamptz, :reference!, :endToEndId!, :scheduleId, :autoRetries!::int\n    FROM gate WHERE NOT closed AND NOT stale\n  RETURNING id),\nentry AS (\n  INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'submitted', :at!::timestamptz FROM created RETURNING seq),\noutbox AS (\n  INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)\n  SELECT :eventId!, :subject!, :payload!::bytea, :at!::timestamptz, :traceparent FROM created)\nSELECT (SELECT closed FROM gate) AS closed, (SELECT stale FROM gate) AS stale, (SELECT seq::text FROM entry) AS seq"};

/**
 * Query generated from SQL:
 * ```
 * WITH gate AS (
 *   INSERT INTO payment.mandate_gates (mandate_id, merchant_id) VALUES (:mandateId!, :merchantId!)
 *   ON CONFLICT (mandate_id) DO UPDATE SET merchant_id = payment.mandate_gates.merchant_id
 *   RETURNING closed_at IS NOT NULL AS closed,
 *     CASE WHEN :replica!::boolean THEN terms IS NULL OR terms_version IS DISTINCT FROM :termsVersion!::bigint
 *          ELSE fence > :termsVersion!::bigint END AS stale),
 * created AS (
 *   INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, metadata, period_key, created_at, submitted_at,
 *                                 reference, end_to_end_id, schedule_id, auto_retries)
 *   SELECT :id!, :merchantId!, :mandateId!, :amountMinor!::bigint, :currency!, 'submitted', 'pending', :metadata!::jsonb, :periodKey, :at!::timestamptz,
 *          :at!::timestamptz, :reference!, :endToEndId!, :scheduleId, :autoRetries!::int
 *     FROM gate WHERE NOT closed AND NOT stale
 *   RETURNING id),
 * entry AS (
 *   INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'submitted', :at!::timestamptz FROM created RETURNING seq),
 * outbox AS (
 *   INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)
 *   SELECT :eventId!, :subject!, :payload!::bytea, :at!::timestamptz, :traceparent FROM created)
 * SELECT (SELECT closed FROM gate) AS closed, (SELECT stale FROM gate) AS stale, (SELECT seq::text FROM entry) AS seq
 * ```
 */
export const insertSubmitted = new PreparedQuery<IInsertSubmittedParams,IInsertSubmittedResult>(insertSubmittedIR);


/** 'AcknowledgeAll' parameters type */
export interface IAcknowledgeAllParams {
  at: DateOrString;
  clearing: booleanArray;
  ids: stringArray;
  retryCounts: numberArray;
}

/** 'AcknowledgeAll' return type */
export type IAcknowledgeAllResult = void;

/** 'AcknowledgeAll' query type */
export interface IAcknowledgeAllQuery {
  params: IAcknowledgeAllParams;
  result: IAcknowledgeAllResult;
}

const acknowledgeAllIR: any = {"usedParamSet":{"at":true,"ids":true,"retryCounts":true,"clearing":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":78}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":232,"b":236}]},{"name":"retryCounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":247,"b":259}]},{"name":"clearing","required":true,"transform":{"type":"scalar"},"locs":[{"a":269,"b":278}]}],"statement":"UPDATE payment.payments p\n   SET bank_acked_at = coalesce(p.bank_acked_at, :at!::timestamptz),\n       clearing_status = CASE WHEN a.clearing AND p.clearing_status = 'pending' THEN 'clearing' ELSE p.clearing_status END\n  FROM unnest(:ids!::text[], :retryCounts!::int[], :clearing!::bool[]) AS a(id, retry_count, clearing)\n WHERE p.id = a.id AND p.retry_count = a.retry_count AND p.status = 'submitted'\n   AND (p.bank_acked_at IS NULL OR (a.clearing AND p.clearing_status = 'pending'))"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.payments p
 *    SET bank_acked_at = coalesce(p.bank_acked_at, :at!::timestamptz),
 *        clearing_status = CASE WHEN a.clearing AND p.clearing_status = 'pending' THEN 'clearing' ELSE p.clearing_status END
 *   FROM unnest(:ids!::text[], :retryCounts!::int[], :clearing!::bool[]) AS a(id, retry_count, clearing)
 *  WHERE p.id = a.id AND p.retry_count = a.retry_count AND p.status = 'submitted'
 *    AND (p.bank_acked_at IS NULL OR (a.clearing AND p.clearing_status = 'pending'))
 * ```
 */
export const acknowledgeAll = new PreparedQuery<IAcknowledgeAllParams,IAcknowledgeAllResult>(acknowledgeAllIR);


/** 'MarkAttemptClearing' parameters type */
export interface IMarkAttemptClearingParams {
  at: DateOrString;
  id: string;
  retryCount: number;
  status: string;
}

/** 'MarkAttemptClearing' return type */
export interface IMarkAttemptClearingResult {
  amount_held_minor: string;
  amount_minor: string;
  amount_refunded_minor: string;
  auto_retries: number;
  bank_acked_at: Date | null;
  clearing_status: string;
  created_at: Date;
  currency: string;
  end_to_end_id: string;
  failure_code: string | null;
  failure_origin: string | null;
  id: string;
  mandate_id: string;
  merchant_id: string;
  metadata: Json;
  next_retry_at: Date | null;
  period_key: string | null;
  reference: string;
  retry_count: number;
  schedule_id: string | null;
  settlement_date: string | null;
  status: string;
  submitted_at: Date;
  timeline: Json;
}

/** 'MarkAttemptClearing' query type */
export interface IMarkAttemptClearingQuery {
  params: IMarkAttemptClearingParams;
  result: IMarkAttemptClearingResult;
}

const markAttemptClearingIR: any = {"usedParamSet":{"at":true,"id":true,"retryCount":true,"status":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":79}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":98}]},{"name":"retryCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":120,"b":131}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":155}]}],"statement":"UPDATE payment.payments p SET clearing_status = 'clearing', bank_acked_at = :at!\n WHERE p.id = :id! AND p.retry_count = :retryCount! AND p.status = :status! AND p.clearing_status = 'pending'\nRETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS \"amount_minor!\", p.currency, p.status, p.clearing_status,\n       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,\n       p.amount_refunded_minor::text AS \"amount_refunded_minor!\", p.amount_held_minor::text AS \"amount_held_minor!\", p.metadata, p.reference,\n       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS \"timeline!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.payments p SET clearing_status = 'clearing', bank_acked_at = :at!
 *  WHERE p.id = :id! AND p.retry_count = :retryCount! AND p.status = :status! AND p.clearing_status = 'pending'
 * RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
 *        to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
 *        p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
 *        p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!"
 * ```
 */
export const markAttemptClearing = new PreparedQuery<IMarkAttemptClearingParams,IMarkAttemptClearingResult>(markAttemptClearingIR);


/** 'DecideAll' parameters type */
export interface IDecideAllParams {
  ats: DateOrStringArray;
  clearingStatuses: stringArray;
  eventIds: stringArray;
  failureCodes: stringArray;
  failureOrigins: stringArray;
  fromStatuses: stringArray;
  ids: stringArray;
  nextRetryAts: DateOrStringArray;
  payloads: BufferArray;
  retryCounts: numberArray;
  settlementDates: DateOrStringArray;
  statuses: stringArray;
  subjects: stringArray;
  traceparents: stringArray;
}

/** 'DecideAll' return type */
export interface IDecideAllResult {
  id: string;
  seq: string;
}

/** 'DecideAll' query type */
export interface IDecideAllQuery {
  params: IDecideAllParams;
  result: IDecideAllResult;
}

const decideAllIR: any = {"usedParamSet":{"ids":true,"retryCounts":true,"fromStatuses":true,"statuses":true,"clearingStatuses":true,"settlementDates":true,"failureCodes":true,"ats":true,"eventIds":true,"subjects":true,"payloads":true,"traceparents":true,"nextRetryAts":true,"failureOrigins":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39}]},{"name":"retryCounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":62}]},{"name":"fromStatuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":85}]},{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":105}]},{"name":"clearingStatuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":133}]},{"name":"settlementDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":183}]},{"name":"failureCodes","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":207}]},{"name":"ats","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":222}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":249}]},{"name":"subjects","required":true,"transform":{"type":"scalar"},"locs":[{"a":260,"b":269}]},{"name":"payloads","required":true,"transform":{"type":"scalar"},"locs":[{"a":303,"b":312}]},{"name":"traceparents","required":true,"transform":{"type":"scalar"},"locs":[{"a":324,"b":337}]},{"name":"nextRetryAts","required":true,"transform":{"type":"scalar"},"locs":[{"a":348,"b":361}]},{"name":"failureOrigins","required":true,"transform":{"type":"scalar"},"locs":[{"a":379,"b":394}]}],"statement":"WITH d AS (\n  SELECT * FROM unnest(:ids!::text[], :retryCounts!::int[], :fromStatuses!::text[], :statuses!::text[], :clearingStatuses!::text[],\n                       :settlementDates!::date[], :failureCodes!::text[], :ats!::timestamptz[], :eventIds!::text[], :subjects!::text[],\n                       :payloads!::bytea[], :traceparents!::text[], :nextRetryAts!::timestamptz[], :failureOrigins!::text[])\n    AS d(id, retry_count, from_status, status, clearing_status, settlement_date, failure_code, at, event_id, subject, payload, traceparent,\n         next_retry_at, failure_origin)),\ndecided AS (\n  UPDATE payment.payments p\n     SET status = d.status, clearing_status = d.clearing_status, settlement_date = d.settlement_date, failure_code = d.failure_code,\n         failure_origin = d.failure_origin, next_retry_at = d.next_retry_at, bank_acked_at = COALESCE(p.bank_acked_at, d.at)\n    FROM d\n   WHERE p.id = d.id AND p.retry_count = d.retry_count AND p.status = d.from_status\n  RETURNING p.id, p.amount_minor, d.status, d.at, d.event_id, d.subject, d.payload, d.traceparent),\nreleased AS (\n       UPDATE payment.payment_usage pu SET counted = false FROM decided\n        WHERE pu.payment_id = decided.id AND decided.status = 'failed' AND pu.counted\n       RETURNING pu.mandate_id, pu.usage_key, decided.amount_minor),\n     given_back AS (\n       UPDATE payment.period_usage u SET amount_minor = u.amount_minor - r.amount_minor, payments = u.payments - r.payments\n         FROM (SELECT mandate_id, usage_key, sum(amount_minor) AS amount_minor, count(*)::int AS payments FROM released GROUP BY 1, 2) r\n        WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key),\nentry AS (\n  INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, status, at FROM decided RETURNING payment_id, seq),\noutbox AS (\n  INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)\n  SELECT event_id, subject, payload, at, traceparent FROM decided)\nSELECT payment_id AS \"id!\", seq::text AS \"seq!\" FROM entry"};

/**
 * Query generated from SQL:
 * ```
 * WITH d AS (
 *   SELECT * FROM unnest(:ids!::text[], :retryCounts!::int[], :fromStatuses!::text[], :statuses!::text[], :clearingStatuses!::text[],
 *                        :settlementDates!::date[], :failureCodes!::text[], :ats!::timestamptz[], :eventIds!::text[], :subjects!::text[],
 *                        :payloads!::bytea[], :traceparents!::text[], :nextRetryAts!::timestamptz[], :failureOrigins!::text[])
 *     AS d(id, retry_count, from_status, status, clearing_status, settlement_date, failure_code, at, event_id, subject, payload, traceparent,
 *          next_retry_at, failure_origin)),
 * decided AS (
 *   UPDATE payment.payments p
 *      SET status = d.status, clearing_status = d.clearing_status, settlement_date = d.settlement_date, failure_code = d.failure_code,
 *          failure_origin = d.failure_origin, next_retry_at = d.next_retry_at, bank_acked_at = COALESCE(p.bank_acked_at, d.at)
 *     FROM d
 *    WHERE p.id = d.id AND p.retry_count = d.retry_count AND p.status = d.from_status
 *   RETURNING p.id, p.amount_minor, d.status, d.at, d.event_id, d.subject, d.payload, d.traceparent),
 * released AS (
 *        UPDATE payment.payment_usage pu SET counted = false FROM decided
 *         WHERE pu.payment_id = decided.id AND decided.status = 'failed' AND pu.counted
 *        RETURNING pu.mandate_id, pu.usage_key, decided.amount_minor),
 *      given_back AS (
 *        UPDATE payment.period_usage u SET amount_minor = u.amount_minor - r.amount_minor, payments = u.payments - r.payments
 *          FROM (SELECT mandate_id, usage_key, sum(amount_minor) AS amount_minor, count(*)::int AS payments FROM released GROUP BY 1, 2) r
 *         WHERE u.mandate_id = r.mandate_id AND u.usage_key = r.usage_key),
 * entry AS (
 *   INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, status, at FROM decided RETURNING payment_id, seq),
 * outbox AS (
 *   INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)
 *   SELECT event_id, subject, payload, at, traceparent FROM decided)
 * SELECT payment_id AS "id!", seq::text AS "seq!" FROM entry
 * ```
 */
export const decideAll = new PreparedQuery<IDecideAllParams,IDecideAllResult>(decideAllIR);


/** 'ResubmitFailed' parameters type */
export interface IResubmitFailedParams {
  at: DateOrString;
  id: string;
  merchantId: string;
  nextRetryCount: number;
  retryCount: number;
}

/** 'ResubmitFailed' return type */
export type IResubmitFailedResult = void;

/** 'ResubmitFailed' query type */
export interface IResubmitFailedQuery {
  params: IResubmitFailedParams;
  result: IResubmitFailedResult;
}

const resubmitFailedIR: any = {"usedParamSet":{"nextRetryCount":true,"at":true,"id":true,"merchantId":true,"retryCount":true},"params":[{"name":"nextRetryCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":155}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":183}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":241,"b":244}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":264,"b":275}]},{"name":"retryCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":317,"b":328}]}],"statement":"UPDATE payment.payments\n   SET status = 'submitted', clearing_status = 'pending', failure_code = NULL, failure_origin = NULL, retry_count = :nextRetryCount!,\n       submitted_at = :at!, bank_acked_at = NULL, next_retry_at = NULL\n WHERE id = :id! AND merchant_id = :merchantId! AND status = 'failed' AND retry_count = :retryCount!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.payments
 *    SET status = 'submitted', clearing_status = 'pending', failure_code = NULL, failure_origin = NULL, retry_count = :nextRetryCount!,
 *        submitted_at = :at!, bank_acked_at = NULL, next_retry_at = NULL
 *  WHERE id = :id! AND merchant_id = :merchantId! AND status = 'failed' AND retry_count = :retryCount!
 * ```
 */
export const resubmitFailed = new PreparedQuery<IResubmitFailedParams,IResubmitFailedResult>(resubmitFailedIR);


/** 'DropHeldAmount' parameters type */
export interface IDropHeldAmountParams {
  amountMinor: NumberOrString;
  id: string;
  merchantId: string;
}

/** 'DropHeldAmount' return type */
export type IDropHeldAmountResult = void;

/** 'DropHeldAmount' query type */
export interface IDropHeldAmountQuery {
  params: IDropHeldAmountParams;
  result: IDropHeldAmountResult;
}

const dropHeldAmountIR: any = {"usedParamSet":{"amountMinor":true,"id":true,"merchantId":true},"params":[{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":80}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":104}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":124,"b":135}]}],"statement":"UPDATE payment.payments SET amount_held_minor = amount_held_minor - :amountMinor!::bigint WHERE id = :id! AND merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.payments SET amount_held_minor = amount_held_minor - :amountMinor!::bigint WHERE id = :id! AND merchant_id = :merchantId!
 * ```
 */
export const dropHeldAmount = new PreparedQuery<IDropHeldAmountParams,IDropHeldAmountResult>(dropHeldAmountIR);


/** 'GiveBackRefunded' parameters type */
export interface IGiveBackRefundedParams {
  amountMinor: NumberOrString;
  id: string;
  merchantId: string;
}

/** 'GiveBackRefunded' return type */
export interface IGiveBackRefundedResult {
  wasFull: boolean;
}

/** 'GiveBackRefunded' query type */
export interface IGiveBackRefundedQuery {
  params: IGiveBackRefundedParams;
  result: IGiveBackRefundedResult;
}

const giveBackRefundedIR: any = {"usedParamSet":{"amountMinor":true,"id":true,"merchantId":true},"params":[{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":91},{"a":203,"b":215}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":133,"b":136}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":156,"b":167}]}],"statement":"UPDATE payment.payments\n   SET amount_refunded_minor = amount_refunded_minor - :amountMinor!::bigint, status = 'settled'\n WHERE id = :id! AND merchant_id = :merchantId!\nRETURNING amount_refunded_minor + :amountMinor!::bigint = amount_minor AS \"wasFull!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.payments
 *    SET amount_refunded_minor = amount_refunded_minor - :amountMinor!::bigint, status = 'settled'
 *  WHERE id = :id! AND merchant_id = :merchantId!
 * RETURNING amount_refunded_minor + :amountMinor!::bigint = amount_minor AS "wasFull!"
 * ```
 */
export const giveBackRefunded = new PreparedQuery<IGiveBackRefundedParams,IGiveBackRefundedResult>(giveBackRefundedIR);


/** 'FindUnansweredAttempts' parameters type */
export interface IFindUnansweredAttemptsParams {
  limit: NumberOrString;
  unackedSince: DateOrString;
  undecidedSince: DateOrString;
}

/** 'FindUnansweredAttempts' return type */
export interface IFindUnansweredAttemptsResult {
  amount_held_minor: string;
  amount_minor: string;
  amount_refunded_minor: string;
  auto_retries: number;
  bank_acked_at: Date | null;
  clearing_status: string;
  created_at: Date;
  currency: string;
  end_to_end_id: string;
  failure_code: string | null;
  failure_origin: string | null;
  id: string;
  mandate_id: string;
  merchant_id: string;
  metadata: Json;
  next_retry_at: Date | null;
  period_key: string | null;
  reference: string;
  retry_count: number;
  schedule_id: string | null;
  settlement_date: string | null;
  status: string;
  submitted_at: Date;
}

/** 'FindUnansweredAttempts' query type */
export interface IFindUnansweredAttemptsQuery {
  params: IFindUnansweredAttemptsParams;
  result: IFindUnansweredAttemptsResult;
}

const findUnansweredAttemptsIR: any = {"usedParamSet":{"unackedSince":true,"undecidedSince":true,"limit":true},"params":[{"name":"unackedSince","required":true,"transform":{"type":"scalar"},"locs":[{"a":623,"b":636}]},{"name":"undecidedSince","required":true,"transform":{"type":"scalar"},"locs":[{"a":661,"b":676}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":710,"b":716}]}],"statement":"SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS \"amount_minor!\", p.currency, p.status, p.clearing_status,\n       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,\n       p.amount_refunded_minor::text AS \"amount_refunded_minor!\", p.amount_held_minor::text AS \"amount_held_minor!\", p.metadata, p.reference,\n       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at\n  FROM payment.payments p\n WHERE p.status = 'submitted' AND ((p.bank_acked_at IS NULL AND p.submitted_at <= :unackedSince!) OR p.bank_acked_at <= :undecidedSince!)\n ORDER BY p.submitted_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
 *        to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
 *        p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
 *        p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at
 *   FROM payment.payments p
 *  WHERE p.status = 'submitted' AND ((p.bank_acked_at IS NULL AND p.submitted_at <= :unackedSince!) OR p.bank_acked_at <= :undecidedSince!)
 *  ORDER BY p.submitted_at LIMIT :limit!
 * ```
 */
export const findUnansweredAttempts = new PreparedQuery<IFindUnansweredAttemptsParams,IFindUnansweredAttemptsResult>(findUnansweredAttemptsIR);


/** 'ClaimForResubmission' parameters type */
export interface IClaimForResubmissionParams {
  at: DateOrString;
  id: string;
  retryCount: number;
  submittedAt: DateOrString;
}

/** 'ClaimForResubmission' return type */
export type IClaimForResubmissionResult = void;

/** 'ClaimForResubmission' query type */
export interface IClaimForResubmissionQuery {
  params: IClaimForResubmissionParams;
  result: IClaimForResubmissionResult;
}

const claimForResubmissionIR: any = {"usedParamSet":{"at":true,"id":true,"retryCount":true,"submittedAt":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":46}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":85}]},{"name":"retryCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":116}]},{"name":"submittedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":174}]}],"statement":"UPDATE payment.payments SET submitted_at = :at!, bank_acked_at = NULL\n WHERE id = :id! AND retry_count = :retryCount! AND status = 'submitted' AND submitted_at = :submittedAt!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.payments SET submitted_at = :at!, bank_acked_at = NULL
 *  WHERE id = :id! AND retry_count = :retryCount! AND status = 'submitted' AND submitted_at = :submittedAt!
 * ```
 */
export const claimForResubmission = new PreparedQuery<IClaimForResubmissionParams,IClaimForResubmissionResult>(claimForResubmissionIR);


/** 'AppendTimelineEntry' parameters type */
export interface IAppendTimelineEntryParams {
  at: DateOrString;
  paymentId: string;
  status: string;
}

/** 'AppendTimelineEntry' return type */
export type IAppendTimelineEntryResult = void;

/** 'AppendTimelineEntry' query type */
export interface IAppendTimelineEntryQuery {
  params: IAppendTimelineEntryParams;
  result: IAppendTimelineEntryResult;
}

const appendTimelineEntryIR: any = {"usedParamSet":{"paymentId":true,"status":true,"at":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":80}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":90}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":96}]}],"statement":"INSERT INTO payment.payment_timeline (payment_id, status, at) VALUES (:paymentId!, :status!, :at!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO payment.payment_timeline (payment_id, status, at) VALUES (:paymentId!, :status!, :at!)
 * ```
 */
export const appendTimelineEntry = new PreparedQuery<IAppendTimelineEntryParams,IAppendTimelineEntryResult>(appendTimelineEntryIR);


