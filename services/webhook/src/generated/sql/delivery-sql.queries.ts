/** Types generated for queries found in "src/db/sql/delivery-sql.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type booleanArray = (boolean)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'ClaimDueWork' parameters type */
export interface IClaimDueWorkParams {
  busy: stringArray;
  full: stringArray;
  leaseUntil: DateOrString;
  limit: NumberOrString;
  maxInFlight: number;
  maxOffsetMs: number;
  now: DateOrString;
  room: numberArray;
  scanLimit: NumberOrString;
}

/** 'ClaimDueWork' return type */
export interface IClaimDueWorkResult {
  attemptCount: number;
  data: string;
  endpointId: string;
  endpointStatus: string;
  eventCreatedAt: Date;
  eventId: string;
  eventType: string;
  failingSince: Date | null;
  id: string;
  manual: boolean;
  maxAttempts: number;
  merchantId: string;
  offsetMs: number;
  previousSecrets: Json;
  rateLimitPerSecond: number | null;
  rateSlotAt: Date | null;
  secretCiphertext: string;
  signatureScheme: string;
  traceparent: string | null;
  url: string;
  windowStartedAt: Date;
}

/** 'ClaimDueWork' query type */
export interface IClaimDueWorkQuery {
  params: IClaimDueWorkParams;
  result: IClaimDueWorkResult;
}

const claimDueWorkIR: any = {"usedParamSet":{"now":true,"maxOffsetMs":true,"full":true,"scanLimit":true,"busy":true,"room":true,"maxInFlight":true,"limit":true,"leaseUntil":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":244},{"a":332,"b":336},{"a":506,"b":510},{"a":1048,"b":1052},{"a":1162,"b":1166}]},{"name":"maxOffsetMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":261,"b":273}]},{"name":"full","required":true,"transform":{"type":"scalar"},"locs":[{"a":436,"b":441}]},{"name":"scanLimit","required":true,"transform":{"type":"scalar"},"locs":[{"a":549,"b":559}]},{"name":"busy","required":true,"transform":{"type":"scalar"},"locs":[{"a":788,"b":793}]},{"name":"room","required":true,"transform":{"type":"scalar"},"locs":[{"a":804,"b":809}]},{"name":"maxInFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":909,"b":921}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1205,"b":1211}]},{"name":"leaseUntil","required":true,"transform":{"type":"scalar"},"locs":[{"a":1308,"b":1319},{"a":1393,"b":1404}]}],"statement":"WITH candidates AS (\n  SELECT d.id, d.endpoint_id, d.next_attempt_at, coalesce(mc.offset_ms, 0) AS offset_ms FROM webhook.deliveries d\n    LEFT JOIN webhook.merchant_clocks mc ON mc.merchant_id = d.merchant_id\n   WHERE d.next_attempt_at <= :now!::timestamptz + :maxOffsetMs! * interval '1 millisecond'\n     AND d.next_attempt_at <= :now!::timestamptz + coalesce(mc.offset_ms, 0) * interval '1 millisecond'\n     AND d.endpoint_id <> ALL(:full!::text[])\n     AND (d.leased_until IS NULL OR d.leased_until <= :now!)\n   ORDER BY d.next_attempt_at LIMIT :scanLimit!),\nranked AS (\n  SELECT c.*, row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.id) AS n FROM candidates c),\nallowed AS (\n  SELECT r.id, r.next_attempt_at, r.offset_ms FROM ranked r\n    LEFT JOIN unnest(:busy!::text[], :room!::int[]) AS b(endpoint_id, room) ON b.endpoint_id = r.endpoint_id\n   WHERE r.n <= coalesce(b.room, :maxInFlight!)),\ndue AS (\n  SELECT d.id, a.offset_ms FROM webhook.deliveries d JOIN allowed a ON a.id = d.id\n   WHERE d.next_attempt_at <= :now!::timestamptz + a.offset_ms * interval '1 millisecond'\n     AND (d.leased_until IS NULL OR d.leased_until <= :now!)\n   ORDER BY a.next_attempt_at LIMIT :limit! FOR UPDATE OF d SKIP LOCKED),\nclaimed AS (\n  UPDATE webhook.deliveries d SET next_attempt_at = :leaseUntil!::timestamptz + due.offset_ms * interval '1 millisecond', leased_until = :leaseUntil!\n    FROM due WHERE d.id = due.id\n  RETURNING d.id, d.merchant_id, d.event_id, d.endpoint_id, d.attempt_count, d.max_attempts, d.manual, d.window_started_at, d.rate_slot_at, due.offset_ms)\nSELECT c.id::text AS \"id!\", c.merchant_id AS \"merchantId!\", c.event_id AS \"eventId!\", c.endpoint_id AS \"endpointId!\",\n       c.attempt_count AS \"attemptCount!\", c.max_attempts AS \"maxAttempts!\", c.manual AS \"manual!\", c.window_started_at AS \"windowStartedAt!\",\n       c.offset_ms::float8 AS \"offsetMs!\", c.rate_slot_at AS \"rateSlotAt\", e.rate_limit_per_second AS \"rateLimitPerSecond\",\n       e.url, e.status AS \"endpointStatus\", e.secret_ciphertext AS \"secretCiphertext\", e.previous_secrets AS \"previousSecrets\",\n       e.signature_scheme AS \"signatureScheme\", e.failing_since AS \"failingSince\",\n       ev.event_type AS \"eventType\", ev.created_at AS \"eventCreatedAt\", ev.data, ev.traceparent\n  FROM claimed c JOIN webhook.endpoints e ON e.id = c.endpoint_id JOIN webhook.events ev ON ev.id = c.event_id"};

/**
 * Query generated from SQL:
 * ```
 * WITH candidates AS (
 *   SELECT d.id, d.endpoint_id, d.next_attempt_at, coalesce(mc.offset_ms, 0) AS offset_ms FROM webhook.deliveries d
 *     LEFT JOIN webhook.merchant_clocks mc ON mc.merchant_id = d.merchant_id
 *    WHERE d.next_attempt_at <= :now!::timestamptz + :maxOffsetMs! * interval '1 millisecond'
 *      AND d.next_attempt_at <= :now!::timestamptz + coalesce(mc.offset_ms, 0) * interval '1 millisecond'
 *      AND d.endpoint_id <> ALL(:full!::text[])
 *      AND (d.leased_until IS NULL OR d.leased_until <= :now!)
 *    ORDER BY d.next_attempt_at LIMIT :scanLimit!),
 * ranked AS (
 *   SELECT c.*, row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.id) AS n FROM candidates c),
 * allowed AS (
 *   SELECT r.id, r.next_attempt_at, r.offset_ms FROM ranked r
 *     LEFT JOIN unnest(:busy!::text[], :room!::int[]) AS b(endpoint_id, room) ON b.endpoint_id = r.endpoint_id
 *    WHERE r.n <= coalesce(b.room, :maxInFlight!)),
 * due AS (
 *   SELECT d.id, a.offset_ms FROM webhook.deliveries d JOIN allowed a ON a.id = d.id
 *    WHERE d.next_attempt_at <= :now!::timestamptz + a.offset_ms * interval '1 millisecond'
 *      AND (d.leased_until IS NULL OR d.leased_until <= :now!)
 *    ORDER BY a.next_attempt_at LIMIT :limit! FOR UPDATE OF d SKIP LOCKED),
 * claimed AS (
 *   UPDATE webhook.deliveries d SET next_attempt_at = :leaseUntil!::timestamptz + due.offset_ms * interval '1 millisecond', leased_until = :leaseUntil!
 *     FROM due WHERE d.id = due.id
 *   RETURNING d.id, d.merchant_id, d.event_id, d.endpoint_id, d.attempt_count, d.max_attempts, d.manual, d.window_started_at, d.rate_slot_at, due.offset_ms)
 * SELECT c.id::text AS "id!", c.merchant_id AS "merchantId!", c.event_id AS "eventId!", c.endpoint_id AS "endpointId!",
 *        c.attempt_count AS "attemptCount!", c.max_attempts AS "maxAttempts!", c.manual AS "manual!", c.window_started_at AS "windowStartedAt!",
 *        c.offset_ms::float8 AS "offsetMs!", c.rate_slot_at AS "rateSlotAt", e.rate_limit_per_second AS "rateLimitPerSecond",
 *        e.url, e.status AS "endpointStatus", e.secret_ciphertext AS "secretCiphertext", e.previous_secrets AS "previousSecrets",
 *        e.signature_scheme AS "signatureScheme", e.failing_since AS "failingSince",
 *        ev.event_type AS "eventType", ev.created_at AS "eventCreatedAt", ev.data, ev.traceparent
 *   FROM claimed c JOIN webhook.endpoints e ON e.id = c.endpoint_id JOIN webhook.events ev ON ev.id = c.event_id
 * ```
 */
export const claimDueWork = new PreparedQuery<IClaimDueWorkParams,IClaimDueWorkResult>(claimDueWorkIR);


/** 'RecordAttempts' parameters type */
export interface IRecordAttemptsParams {
  attemptCounts: numberArray;
  attemptedAts: DateOrStringArray;
  dDelivered: numberArray;
  dFailed: numberArray;
  dPending: numberArray;
  dRetrying: numberArray;
  endpointIds: stringArray;
  errors: stringArray;
  eventIds: stringArray;
  ids: NumberOrStringArray;
  latenciesMs: numberArray;
  nextAttemptAts: DateOrStringArray;
  responseExcerpts: stringArray;
  statusCodes: numberArray;
  statuses: stringArray;
  successes: booleanArray;
}

/** 'RecordAttempts' return type */
export interface IRecordAttemptsResult {
  id: string;
}

/** 'RecordAttempts' query type */
export interface IRecordAttemptsQuery {
  params: IRecordAttemptsParams;
  result: IRecordAttemptsResult;
}

const recordAttemptsIR: any = {"usedParamSet":{"ids":true,"attemptCounts":true,"statuses":true,"nextAttemptAts":true,"eventIds":true,"endpointIds":true,"attemptedAts":true,"statusCodes":true,"latenciesMs":true,"errors":true,"successes":true,"responseExcerpts":true,"dPending":true,"dRetrying":true,"dDelivered":true,"dFailed":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":43}]},{"name":"attemptCounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":70}]},{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":89}]},{"name":"nextAttemptAts","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":115}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":133,"b":142},{"a":1030,"b":1039}]},{"name":"endpointIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":188}]},{"name":"attemptedAts","required":true,"transform":{"type":"scalar"},"locs":[{"a":199,"b":212}]},{"name":"statusCodes","required":true,"transform":{"type":"scalar"},"locs":[{"a":230,"b":242}]},{"name":"latenciesMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":252,"b":264}]},{"name":"errors","required":true,"transform":{"type":"scalar"},"locs":[{"a":274,"b":281}]},{"name":"successes","required":true,"transform":{"type":"scalar"},"locs":[{"a":315,"b":325}]},{"name":"responseExcerpts","required":true,"transform":{"type":"scalar"},"locs":[{"a":336,"b":353}]},{"name":"dPending","required":true,"transform":{"type":"scalar"},"locs":[{"a":364,"b":373}]},{"name":"dRetrying","required":true,"transform":{"type":"scalar"},"locs":[{"a":383,"b":393}]},{"name":"dDelivered","required":true,"transform":{"type":"scalar"},"locs":[{"a":403,"b":414}]},{"name":"dFailed","required":true,"transform":{"type":"scalar"},"locs":[{"a":424,"b":432}]}],"statement":"WITH input AS (\n  SELECT * FROM unnest(:ids!::bigint[], :attemptCounts!::int[], :statuses!::text[], :nextAttemptAts!::timestamptz[], :eventIds!::text[],\n                       :endpointIds!::text[], :attemptedAts!::timestamptz[], :statusCodes!::int[], :latenciesMs!::int[], :errors!::text[],\n                       :successes!::bool[], :responseExcerpts!::text[], :dPending!::int[], :dRetrying!::int[], :dDelivered!::int[], :dFailed!::int[])\n    AS i(id, attempt_count, status, next_attempt_at, event_id, endpoint_id, attempted_at, status_code, latency_ms, error, success,\n         response_excerpt, d_pending, d_retrying, d_delivered, d_failed)),\nchanged AS (\n  UPDATE webhook.deliveries d\n     SET attempt_count = i.attempt_count + 1, status = i.status, next_attempt_at = i.next_attempt_at, manual = false,\n         leased_until = NULL\n    FROM input i\n   WHERE d.id = i.id AND d.attempt_count = i.attempt_count AND d.status IN ('pending', 'retrying')\n     AND (SELECT count(*) FROM (SELECT 1 FROM webhook.events WHERE id = ANY(:eventIds!::text[]) ORDER BY id FOR UPDATE) locked) >= 0\n  RETURNING d.id),\ndone AS (\n  SELECT i.* FROM changed c JOIN input i ON i.id = c.id),\nrecorded AS (\n  INSERT INTO webhook.attempts (delivery_id, event_id, endpoint_id, attempt, attempted_at, status_code, latency_ms, error, success, response_excerpt)\n  SELECT id, event_id, endpoint_id, attempt_count + 1, attempted_at, status_code, latency_ms, error, success, response_excerpt FROM done),\ncounted AS (\n  UPDATE webhook.events ev\n     SET deliveries_pending = ev.deliveries_pending + s.p, deliveries_retrying = ev.deliveries_retrying + s.r,\n         deliveries_delivered = ev.deliveries_delivered + s.d, deliveries_failed = ev.deliveries_failed + s.f,\n         delivery_status = webhook.event_delivery_status(ev.deliveries_pending + s.p, ev.deliveries_retrying + s.r,\n                                                         ev.deliveries_delivered + s.d, ev.deliveries_failed + s.f)\n    FROM (SELECT event_id, sum(d_pending)::int AS p, sum(d_retrying)::int AS r, sum(d_delivered)::int AS d, sum(d_failed)::int AS f\n            FROM done GROUP BY event_id) s\n   WHERE ev.id = s.event_id)\nSELECT id::text AS \"id!\" FROM done"};

/**
 * Query generated from SQL:
 * ```
 * WITH input AS (
 *   SELECT * FROM unnest(:ids!::bigint[], :attemptCounts!::int[], :statuses!::text[], :nextAttemptAts!::timestamptz[], :eventIds!::text[],
 *                        :endpointIds!::text[], :attemptedAts!::timestamptz[], :statusCodes!::int[], :latenciesMs!::int[], :errors!::text[],
 *                        :successes!::bool[], :responseExcerpts!::text[], :dPending!::int[], :dRetrying!::int[], :dDelivered!::int[], :dFailed!::int[])
 *     AS i(id, attempt_count, status, next_attempt_at, event_id, endpoint_id, attempted_at, status_code, latency_ms, error, success,
 *          response_excerpt, d_pending, d_retrying, d_delivered, d_failed)),
 * changed AS (
 *   UPDATE webhook.deliveries d
 *      SET attempt_count = i.attempt_count + 1, status = i.status, next_attempt_at = i.next_attempt_at, manual = false,
 *          leased_until = NULL
 *     FROM input i
 *    WHERE d.id = i.id AND d.attempt_count = i.attempt_count AND d.status IN ('pending', 'retrying')
 *      AND (SELECT count(*) FROM (SELECT 1 FROM webhook.events WHERE id = ANY(:eventIds!::text[]) ORDER BY id FOR UPDATE) locked) >= 0
 *   RETURNING d.id),
 * done AS (
 *   SELECT i.* FROM changed c JOIN input i ON i.id = c.id),
 * recorded AS (
 *   INSERT INTO webhook.attempts (delivery_id, event_id, endpoint_id, attempt, attempted_at, status_code, latency_ms, error, success, response_excerpt)
 *   SELECT id, event_id, endpoint_id, attempt_count + 1, attempted_at, status_code, latency_ms, error, success, response_excerpt FROM done),
 * counted AS (
 *   UPDATE webhook.events ev
 *      SET deliveries_pending = ev.deliveries_pending + s.p, deliveries_retrying = ev.deliveries_retrying + s.r,
 *          deliveries_delivered = ev.deliveries_delivered + s.d, deliveries_failed = ev.deliveries_failed + s.f,
 *          delivery_status = webhook.event_delivery_status(ev.deliveries_pending + s.p, ev.deliveries_retrying + s.r,
 *                                                          ev.deliveries_delivered + s.d, ev.deliveries_failed + s.f)
 *     FROM (SELECT event_id, sum(d_pending)::int AS p, sum(d_retrying)::int AS r, sum(d_delivered)::int AS d, sum(d_failed)::int AS f
 *             FROM done GROUP BY event_id) s
 *    WHERE ev.id = s.event_id)
 * SELECT id::text AS "id!" FROM done
 * ```
 */
export const recordAttempts = new PreparedQuery<IRecordAttemptsParams,IRecordAttemptsResult>(recordAttemptsIR);


/** 'EndFailingRuns' parameters type */
export interface IEndFailingRunsParams {
  endpointIds: stringArray;
}

/** 'EndFailingRuns' return type */
export type IEndFailingRunsResult = void;

/** 'EndFailingRuns' query type */
export interface IEndFailingRunsQuery {
  params: IEndFailingRunsParams;
  result: IEndFailingRunsResult;
}

const endFailingRunsIR: any = {"usedParamSet":{"endpointIds":true},"params":[{"name":"endpointIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":124}]}],"statement":"UPDATE webhook.endpoints SET failing_since = NULL\n WHERE id IN (SELECT id FROM webhook.endpoints WHERE id = ANY(:endpointIds!::text[]) AND failing_since IS NOT NULL ORDER BY id FOR UPDATE)"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints SET failing_since = NULL
 *  WHERE id IN (SELECT id FROM webhook.endpoints WHERE id = ANY(:endpointIds!::text[]) AND failing_since IS NOT NULL ORDER BY id FOR UPDATE)
 * ```
 */
export const endFailingRuns = new PreparedQuery<IEndFailingRunsParams,IEndFailingRunsResult>(endFailingRunsIR);


