/** Types generated for queries found in "src/db/sql/refund-allocations.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'FindAllocation' parameters type */
export interface IFindAllocationParams {
  refundId: string;
}

/** 'FindAllocation' return type */
export interface IFindAllocationResult {
  amount_minor: string;
  confirmed_at: Date | null;
  created_at: Date;
  merchant_id: string;
  payment_id: string;
  refund_id: string;
  released_at: Date | null;
}

/** 'FindAllocation' query type */
export interface IFindAllocationQuery {
  params: IFindAllocationParams;
  result: IFindAllocationResult;
}

const findAllocationIR: any = {"usedParamSet":{"refundId":true},"params":[{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":172,"b":181}]}],"statement":"SELECT refund_id, merchant_id, payment_id, amount_minor::text AS \"amount_minor!\", created_at, released_at, confirmed_at\n  FROM payment.refund_allocations WHERE refund_id = :refundId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT refund_id, merchant_id, payment_id, amount_minor::text AS "amount_minor!", created_at, released_at, confirmed_at
 *   FROM payment.refund_allocations WHERE refund_id = :refundId!
 * ```
 */
export const findAllocation = new PreparedQuery<IFindAllocationParams,IFindAllocationResult>(findAllocationIR);


/** 'UnresolvedAllocations' parameters type */
export interface IUnresolvedAllocationsParams {
  createdBefore: DateOrString;
  limit: NumberOrString;
}

/** 'UnresolvedAllocations' return type */
export interface IUnresolvedAllocationsResult {
  amount_minor: string;
  confirmed_at: Date | null;
  created_at: Date;
  merchant_id: string;
  payment_id: string;
  refund_id: string;
  released_at: Date | null;
}

/** 'UnresolvedAllocations' query type */
export interface IUnresolvedAllocationsQuery {
  params: IUnresolvedAllocationsParams;
  result: IUnresolvedAllocationsResult;
}

const unresolvedAllocationsIR: any = {"usedParamSet":{"createdBefore":true,"limit":true},"params":[{"name":"createdBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":237}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":272}]}],"statement":"SELECT refund_id, merchant_id, payment_id, amount_minor::text AS \"amount_minor!\", created_at, released_at, confirmed_at\n  FROM payment.refund_allocations\n WHERE released_at IS NULL AND confirmed_at IS NULL AND created_at < :createdBefore!\n ORDER BY created_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT refund_id, merchant_id, payment_id, amount_minor::text AS "amount_minor!", created_at, released_at, confirmed_at
 *   FROM payment.refund_allocations
 *  WHERE released_at IS NULL AND confirmed_at IS NULL AND created_at < :createdBefore!
 *  ORDER BY created_at LIMIT :limit!
 * ```
 */
export const unresolvedAllocations = new PreparedQuery<IUnresolvedAllocationsParams,IUnresolvedAllocationsResult>(unresolvedAllocationsIR);


/** 'UncertainHeldAmount' parameters type */
export interface IUncertainHeldAmountParams {
  madeBefore: DateOrString;
  merchantId: string;
  paymentId: string;
}

/** 'UncertainHeldAmount' return type */
export interface IUncertainHeldAmountResult {
  held: string;
}

/** 'UncertainHeldAmount' query type */
export interface IUncertainHeldAmountQuery {
  params: IUncertainHeldAmountParams;
  result: IUncertainHeldAmountResult;
}

const uncertainHeldAmountIR: any = {"usedParamSet":{"paymentId":true,"merchantId":true,"madeBefore":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":117}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":148}]},{"name":"madeBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":251,"b":262}]}],"statement":"SELECT coalesce(sum(amount_minor), 0)::text AS \"held!\" FROM payment.refund_allocations\n WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND released_at IS NULL AND confirmed_at IS NULL\n   AND (uncertain_since IS NOT NULL OR created_at < :madeBefore!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce(sum(amount_minor), 0)::text AS "held!" FROM payment.refund_allocations
 *  WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND released_at IS NULL AND confirmed_at IS NULL
 *    AND (uncertain_since IS NOT NULL OR created_at < :madeBefore!)
 * ```
 */
export const uncertainHeldAmount = new PreparedQuery<IUncertainHeldAmountParams,IUncertainHeldAmountResult>(uncertainHeldAmountIR);


/** 'MarkHoldUncertain' parameters type */
export interface IMarkHoldUncertainParams {
  at: DateOrString;
  merchantId: string;
  paymentId: string;
  refundId: string;
}

/** 'MarkHoldUncertain' return type */
export type IMarkHoldUncertainResult = void;

/** 'MarkHoldUncertain' query type */
export interface IMarkHoldUncertainQuery {
  params: IMarkHoldUncertainParams;
  result: IMarkHoldUncertainResult;
}

const markHoldUncertainIR: any = {"usedParamSet":{"at":true,"refundId":true,"merchantId":true,"paymentId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":85}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":116}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":147}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":166,"b":176}]}],"statement":"UPDATE payment.refund_allocations SET uncertain_since = coalesce(uncertain_since, :at!)\n WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.refund_allocations SET uncertain_since = coalesce(uncertain_since, :at!)
 *  WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL
 * ```
 */
export const markHoldUncertain = new PreparedQuery<IMarkHoldUncertainParams,IMarkHoldUncertainResult>(markHoldUncertainIR);


/** 'HoldAsAsked' parameters type */
export interface IHoldAsAskedParams {
  askedByDigits: NumberOrStringArray;
  at: DateOrString;
  currencies: stringArray;
  digits: numberArray;
  merchantId: string;
  minimums: NumberOrStringArray;
  paymentId: string;
  refundId: string;
}

/** 'HoldAsAsked' return type */
export interface IHoldAsAskedResult {
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
  held_minor: string;
  id: string;
  mandate_id: string;
  merchant_id: string;
  metadata: Json;
  next_retry_at: Date | null;
  one: string | null;
  period_key: string | null;
  reference: string;
  retry_count: number;
  schedule_id: string | null;
  settlement_date: string | null;
  status: string;
  submitted_at: Date;
  timeline: Json;
}

/** 'HoldAsAsked' query type */
export interface IHoldAsAskedQuery {
  params: IHoldAsAskedParams;
  result: IHoldAsAskedResult;
}

const holdAsAskedIR: any = {"usedParamSet":{"askedByDigits":true,"digits":true,"minimums":true,"currencies":true,"paymentId":true,"merchantId":true,"refundId":true,"at":true},"params":[{"name":"askedByDigits","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":126}]},{"name":"digits","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":147}]},{"name":"minimums","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":187}]},{"name":"currencies","required":true,"transform":{"type":"scalar"},"locs":[{"a":289,"b":300}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":347,"b":357},{"a":705,"b":715},{"a":939,"b":949}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":379,"b":390},{"a":691,"b":702},{"a":971,"b":982}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":679,"b":688}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":728,"b":731}]}],"statement":"WITH found AS (\n  SELECT p.amount_minor - p.amount_refunded_minor - p.amount_held_minor AS remaining,\n         (:askedByDigits!::bigint[])[(:digits!::int[])[c.i] + 1] AS asked, (:minimums!::bigint[])[c.i] AS minimum\n    FROM payment.payments p\n   CROSS JOIN LATERAL (SELECT array_position(:currencies!::text[], p.currency) AS i) c\n   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled'),\nwanted AS (\n  SELECT CASE WHEN f.asked = 0 THEN f.remaining ELSE f.asked END AS amount, f.minimum FROM found f WHERE f.asked >= 0),\nallocated AS (\n  INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at)\n  SELECT :refundId!, :merchantId!, :paymentId!, w.amount, :at! FROM wanted w WHERE w.amount > 0\n  RETURNING amount_minor),\nheld AS (\n  UPDATE payment.payments p SET amount_held_minor = p.amount_held_minor + a.amount_minor\n    FROM allocated a, wanted w\n   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled'\n     AND p.amount_refunded_minor + p.amount_held_minor + a.amount_minor <= p.amount_minor\n     AND (a.amount_minor >= w.minimum OR p.amount_refunded_minor + p.amount_held_minor + a.amount_minor = p.amount_minor)\n  RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS \"amount_minor!\", p.currency, p.status, p.clearing_status,\n       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,\n       p.amount_refunded_minor::text AS \"amount_refunded_minor!\", p.amount_held_minor::text AS \"amount_held_minor!\", p.metadata, p.reference,\n       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS \"timeline!\", a.amount_minor::text AS \"held_minor!\")\nSELECT h.*, 1 / (SELECT count(*) FROM held) AS one FROM (SELECT 1) x LEFT JOIN held h ON true"};

/**
 * Query generated from SQL:
 * ```
 * WITH found AS (
 *   SELECT p.amount_minor - p.amount_refunded_minor - p.amount_held_minor AS remaining,
 *          (:askedByDigits!::bigint[])[(:digits!::int[])[c.i] + 1] AS asked, (:minimums!::bigint[])[c.i] AS minimum
 *     FROM payment.payments p
 *    CROSS JOIN LATERAL (SELECT array_position(:currencies!::text[], p.currency) AS i) c
 *    WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled'),
 * wanted AS (
 *   SELECT CASE WHEN f.asked = 0 THEN f.remaining ELSE f.asked END AS amount, f.minimum FROM found f WHERE f.asked >= 0),
 * allocated AS (
 *   INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at)
 *   SELECT :refundId!, :merchantId!, :paymentId!, w.amount, :at! FROM wanted w WHERE w.amount > 0
 *   RETURNING amount_minor),
 * held AS (
 *   UPDATE payment.payments p SET amount_held_minor = p.amount_held_minor + a.amount_minor
 *     FROM allocated a, wanted w
 *    WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled'
 *      AND p.amount_refunded_minor + p.amount_held_minor + a.amount_minor <= p.amount_minor
 *      AND (a.amount_minor >= w.minimum OR p.amount_refunded_minor + p.amount_held_minor + a.amount_minor = p.amount_minor)
 *   RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
 *        to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
 *        p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
 *        p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!", a.amount_minor::text AS "held_minor!")
 * SELECT h.*, 1 / (SELECT count(*) FROM held) AS one FROM (SELECT 1) x LEFT JOIN held h ON true
 * ```
 */
export const holdAsAsked = new PreparedQuery<IHoldAsAskedParams,IHoldAsAskedResult>(holdAsAskedIR);


/** 'ConfirmAllocation' parameters type */
export interface IConfirmAllocationParams {
  at: DateOrString;
  merchantId: string;
  paymentId: string;
  refundId: string;
}

/** 'ConfirmAllocation' return type */
export interface IConfirmAllocationResult {
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
  refunded_seq: string | null;
  retry_count: number;
  schedule_id: string | null;
  settlement_date: string | null;
  status: string;
  submitted_at: Date;
  timeline: Json;
}

/** 'ConfirmAllocation' query type */
export interface IConfirmAllocationQuery {
  params: IConfirmAllocationParams;
  result: IConfirmAllocationResult;
}

const confirmAllocationIR: any = {"usedParamSet":{"at":true,"refundId":true,"merchantId":true,"paymentId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":78},{"a":1472,"b":1475}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":110}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":141},{"a":619,"b":630}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":170},{"a":587,"b":597}]}],"statement":"WITH confirmed AS (\n  UPDATE payment.refund_allocations SET confirmed_at = :at!\n   WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL\n  RETURNING amount_minor),\nbooked AS (\n  UPDATE payment.payments p\n     SET amount_held_minor = p.amount_held_minor - c.amount_minor,\n         amount_refunded_minor = p.amount_refunded_minor + c.amount_minor,\n         status = CASE WHEN p.amount_refunded_minor + c.amount_minor = p.amount_minor THEN 'refunded' ELSE p.status END\n    FROM confirmed c\n   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId!\n  RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS \"amount_minor!\", p.currency, p.status, p.clearing_status,\n       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,\n       p.amount_refunded_minor::text AS \"amount_refunded_minor!\", p.amount_held_minor::text AS \"amount_held_minor!\", p.metadata, p.reference,\n       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,\n       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)\n                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS \"timeline!\"),\nentry AS (\n  INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'refunded', :at! FROM booked WHERE status = 'refunded'\n  RETURNING seq)\nSELECT booked.*, (SELECT seq::text FROM entry) AS refunded_seq FROM booked"};

/**
 * Query generated from SQL:
 * ```
 * WITH confirmed AS (
 *   UPDATE payment.refund_allocations SET confirmed_at = :at!
 *    WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL
 *   RETURNING amount_minor),
 * booked AS (
 *   UPDATE payment.payments p
 *      SET amount_held_minor = p.amount_held_minor - c.amount_minor,
 *          amount_refunded_minor = p.amount_refunded_minor + c.amount_minor,
 *          status = CASE WHEN p.amount_refunded_minor + c.amount_minor = p.amount_minor THEN 'refunded' ELSE p.status END
 *     FROM confirmed c
 *    WHERE p.id = :paymentId! AND p.merchant_id = :merchantId!
 *   RETURNING p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor!", p.currency, p.status, p.clearing_status,
 *        to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
 *        p.amount_refunded_minor::text AS "amount_refunded_minor!", p.amount_held_minor::text AS "amount_held_minor!", p.metadata, p.reference,
 *        p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
 *        COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
 *                    FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline!"),
 * entry AS (
 *   INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'refunded', :at! FROM booked WHERE status = 'refunded'
 *   RETURNING seq)
 * SELECT booked.*, (SELECT seq::text FROM entry) AS refunded_seq FROM booked
 * ```
 */
export const confirmAllocation = new PreparedQuery<IConfirmAllocationParams,IConfirmAllocationResult>(confirmAllocationIR);


/** 'ConfirmAsHeld' parameters type */
export interface IConfirmAsHeldParams {
  amountMinor: NumberOrString;
  at: DateOrString;
  eventId: string;
  heldMinor: NumberOrString;
  merchantId: string;
  payload: Buffer;
  paymentId: string;
  refundedMinor: NumberOrString;
  refundId: string;
  subject: string;
  timelineLength: number;
  traceparent?: string | null | void;
}

/** 'ConfirmAsHeld' return type */
export interface IConfirmAsHeldResult {
  booked: number;
}

/** 'ConfirmAsHeld' query type */
export interface IConfirmAsHeldQuery {
  params: IConfirmAsHeldParams;
  result: IConfirmAsHeldResult;
}

const confirmAsHeldIR: any = {"usedParamSet":{"at":true,"refundId":true,"merchantId":true,"paymentId":true,"amountMinor":true,"refundedMinor":true,"heldMinor":true,"timelineLength":true,"eventId":true,"subject":true,"payload":true,"traceparent":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":78},{"a":1037,"b":1040}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":110}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":141},{"a":498,"b":509}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":170},{"a":466,"b":476},{"a":830,"b":840}]},{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":557,"b":569}]},{"name":"refundedMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":614,"b":628}]},{"name":"heldMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":664,"b":674}]},{"name":"timelineLength","required":true,"transform":{"type":"scalar"},"locs":[{"a":845,"b":860}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":997,"b":1005}]},{"name":"subject","required":true,"transform":{"type":"scalar"},"locs":[{"a":1008,"b":1016}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":1019,"b":1027}]},{"name":"traceparent","required":false,"transform":{"type":"scalar"},"locs":[{"a":1043,"b":1054}]}],"statement":"WITH confirmed AS (\n  UPDATE payment.refund_allocations SET confirmed_at = :at!\n   WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL\n  RETURNING amount_minor),\nbooked AS (\n  UPDATE payment.payments p\n     SET amount_held_minor = p.amount_held_minor - c.amount_minor,\n         amount_refunded_minor = p.amount_refunded_minor + c.amount_minor\n    FROM confirmed c\n   WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled' AND c.amount_minor = :amountMinor!::bigint\n     AND p.amount_refunded_minor = :refundedMinor!::bigint AND p.amount_held_minor = :heldMinor!::bigint\n     AND p.amount_refunded_minor + c.amount_minor < p.amount_minor\n     AND (SELECT count(*) FROM payment.payment_timeline t WHERE t.payment_id = :paymentId!) = :timelineLength!::int\n  RETURNING p.id),\noutbox AS (\n  INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)\n  SELECT :eventId!, :subject!, :payload!::bytea, :at!, :traceparent FROM booked)\nSELECT CASE WHEN (SELECT count(*) FROM confirmed) = (SELECT count(*) FROM booked) THEN (SELECT count(*) FROM booked)::int\n            ELSE 1 / (SELECT count(*) FROM booked)::int END AS \"booked!\""};

/**
 * Query generated from SQL:
 * ```
 * WITH confirmed AS (
 *   UPDATE payment.refund_allocations SET confirmed_at = :at!
 *    WHERE refund_id = :refundId! AND merchant_id = :merchantId! AND payment_id = :paymentId! AND released_at IS NULL AND confirmed_at IS NULL
 *   RETURNING amount_minor),
 * booked AS (
 *   UPDATE payment.payments p
 *      SET amount_held_minor = p.amount_held_minor - c.amount_minor,
 *          amount_refunded_minor = p.amount_refunded_minor + c.amount_minor
 *     FROM confirmed c
 *    WHERE p.id = :paymentId! AND p.merchant_id = :merchantId! AND p.status = 'settled' AND c.amount_minor = :amountMinor!::bigint
 *      AND p.amount_refunded_minor = :refundedMinor!::bigint AND p.amount_held_minor = :heldMinor!::bigint
 *      AND p.amount_refunded_minor + c.amount_minor < p.amount_minor
 *      AND (SELECT count(*) FROM payment.payment_timeline t WHERE t.payment_id = :paymentId!) = :timelineLength!::int
 *   RETURNING p.id),
 * outbox AS (
 *   INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)
 *   SELECT :eventId!, :subject!, :payload!::bytea, :at!, :traceparent FROM booked)
 * SELECT CASE WHEN (SELECT count(*) FROM confirmed) = (SELECT count(*) FROM booked) THEN (SELECT count(*) FROM booked)::int
 *             ELSE 1 / (SELECT count(*) FROM booked)::int END AS "booked!"
 * ```
 */
export const confirmAsHeld = new PreparedQuery<IConfirmAsHeldParams,IConfirmAsHeldResult>(confirmAsHeldIR);


/** 'InsertReleaseTombstone' parameters type */
export interface IInsertReleaseTombstoneParams {
  at: DateOrString;
  merchantId: string;
  paymentId: string;
  refundId: string;
}

/** 'InsertReleaseTombstone' return type */
export type IInsertReleaseTombstoneResult = void;

/** 'InsertReleaseTombstone' query type */
export interface IInsertReleaseTombstoneQuery {
  params: IInsertReleaseTombstoneParams;
  result: IInsertReleaseTombstoneResult;
}

const insertReleaseTombstoneIR: any = {"usedParamSet":{"refundId":true,"merchantId":true,"paymentId":true,"at":true},"params":[{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":123,"b":132}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":146}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":159}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":165,"b":168},{"a":171,"b":174}]}],"statement":"INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at, released_at)\nVALUES (:refundId!, :merchantId!, :paymentId!, 0, :at!, :at!)\nON CONFLICT (refund_id) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at, released_at)
 * VALUES (:refundId!, :merchantId!, :paymentId!, 0, :at!, :at!)
 * ON CONFLICT (refund_id) DO NOTHING
 * ```
 */
export const insertReleaseTombstone = new PreparedQuery<IInsertReleaseTombstoneParams,IInsertReleaseTombstoneResult>(insertReleaseTombstoneIR);


/** 'MarkReleased' parameters type */
export interface IMarkReleasedParams {
  at: DateOrString;
  refundId: string;
}

/** 'MarkReleased' return type */
export interface IMarkReleasedResult {
  confirmed: boolean;
}

/** 'MarkReleased' query type */
export interface IMarkReleasedQuery {
  params: IMarkReleasedParams;
  result: IMarkReleasedResult;
}

const markReleasedIR: any = {"usedParamSet":{"at":true,"refundId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":55}]},{"name":"refundId","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":85}]}],"statement":"UPDATE payment.refund_allocations SET released_at = :at!\n WHERE refund_id = :refundId! AND released_at IS NULL\nRETURNING confirmed_at IS NOT NULL AS \"confirmed!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE payment.refund_allocations SET released_at = :at!
 *  WHERE refund_id = :refundId! AND released_at IS NULL
 * RETURNING confirmed_at IS NOT NULL AS "confirmed!"
 * ```
 */
export const markReleased = new PreparedQuery<IMarkReleasedParams,IMarkReleasedResult>(markReleasedIR);


