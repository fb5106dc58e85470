/** Types generated for queries found in "src/db/sql/replay.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'AcceptReplay' parameters type */
export interface IAcceptReplayParams {
  createdFrom?: DateOrString | null | void;
  createdTo?: DateOrString | null | void;
  deliveryStatus: string;
  endpointId: string;
  intervalMs: number;
  limit: NumberOrString;
  merchantId: string;
}

/** 'AcceptReplay' return type */
export interface IAcceptReplayResult {
  count: number | null;
  opensAt: Date;
}

/** 'AcceptReplay' query type */
export interface IAcceptReplayQuery {
  params: IAcceptReplayParams;
  result: IAcceptReplayResult;
}

const acceptReplayIR: any = {"usedParamSet":{"merchantId":true,"intervalMs":true,"deliveryStatus":true,"createdFrom":true,"createdTo":true,"limit":true,"endpointId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":106},{"a":395,"b":406},{"a":823,"b":834},{"a":1095,"b":1106}]},{"name":"intervalMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":222,"b":233},{"a":1119,"b":1130}]},{"name":"deliveryStatus","required":true,"transform":{"type":"scalar"},"locs":[{"a":413,"b":428},{"a":459,"b":474},{"a":837,"b":852}]},{"name":"createdFrom","required":false,"transform":{"type":"scalar"},"locs":[{"a":488,"b":499},{"a":542,"b":553},{"a":869,"b":880}]},{"name":"createdTo","required":false,"transform":{"type":"scalar"},"locs":[{"a":580,"b":589},{"a":632,"b":641},{"a":883,"b":892}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":667,"b":673}]},{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":855,"b":866}]}],"statement":"WITH gate AS (\n  INSERT INTO webhook.replay_gates AS g (merchant_id, last_accepted_at) VALUES (:merchantId!, now())\n  ON CONFLICT (merchant_id) DO UPDATE SET last_accepted_at = now()\n   WHERE g.last_accepted_at <= now() - :intervalMs! * interval '1 millisecond'\n  RETURNING merchant_id),\nmatching AS (\n  SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook.events ev\n    WHERE ev.merchant_id = :merchantId! AND (:deliveryStatus! = '' OR ev.delivery_status = :deliveryStatus!)\n      AND (:createdFrom::timestamptz IS NULL OR ev.created_at >= :createdFrom::timestamptz)\n      AND (:createdTo::timestamptz IS NULL OR ev.created_at <= :createdTo::timestamptz)\n    LIMIT :limit!) m),\nrequest AS (\n  INSERT INTO webhook.replay_requests (merchant_id, delivery_status, endpoint_id, created_from, created_to, event_count)\n  SELECT :merchantId!, :deliveryStatus!, :endpointId!, :createdFrom, :createdTo, (SELECT n FROM matching) FROM gate\n  RETURNING event_count)\nSELECT (SELECT event_count FROM request) AS \"count\",\n       coalesce((SELECT last_accepted_at FROM webhook.replay_gates WHERE merchant_id = :merchantId!), now()) + :intervalMs! * interval '1 millisecond'\n         AS \"opensAt!\""};

/**
 * Query generated from SQL:
 * ```
 * WITH gate AS (
 *   INSERT INTO webhook.replay_gates AS g (merchant_id, last_accepted_at) VALUES (:merchantId!, now())
 *   ON CONFLICT (merchant_id) DO UPDATE SET last_accepted_at = now()
 *    WHERE g.last_accepted_at <= now() - :intervalMs! * interval '1 millisecond'
 *   RETURNING merchant_id),
 * matching AS (
 *   SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook.events ev
 *     WHERE ev.merchant_id = :merchantId! AND (:deliveryStatus! = '' OR ev.delivery_status = :deliveryStatus!)
 *       AND (:createdFrom::timestamptz IS NULL OR ev.created_at >= :createdFrom::timestamptz)
 *       AND (:createdTo::timestamptz IS NULL OR ev.created_at <= :createdTo::timestamptz)
 *     LIMIT :limit!) m),
 * request AS (
 *   INSERT INTO webhook.replay_requests (merchant_id, delivery_status, endpoint_id, created_from, created_to, event_count)
 *   SELECT :merchantId!, :deliveryStatus!, :endpointId!, :createdFrom, :createdTo, (SELECT n FROM matching) FROM gate
 *   RETURNING event_count)
 * SELECT (SELECT event_count FROM request) AS "count",
 *        coalesce((SELECT last_accepted_at FROM webhook.replay_gates WHERE merchant_id = :merchantId!), now()) + :intervalMs! * interval '1 millisecond'
 *          AS "opensAt!"
 * ```
 */
export const acceptReplay = new PreparedQuery<IAcceptReplayParams,IAcceptReplayResult>(acceptReplayIR);


/** 'ClaimReplay' parameters type */
export interface IClaimReplayParams {
  leaseUntil: DateOrString;
}

/** 'ClaimReplay' return type */
export interface IClaimReplayResult {
  acceptedAt: Date;
  afterCreatedAt: Date | null;
  afterId: string | null;
  createdFrom: Date | null;
  createdTo: Date | null;
  deliveryStatus: string;
  endpointId: string;
  eventCount: number;
  id: string;
  merchantId: string;
  rearmed: number;
}

/** 'ClaimReplay' query type */
export interface IClaimReplayQuery {
  params: IClaimReplayParams;
  result: IClaimReplayResult;
}

const claimReplayIR: any = {"usedParamSet":{"leaseUntil":true},"params":[{"name":"leaseUntil","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":63}]}],"statement":"UPDATE webhook.replay_requests r SET leased_until = :leaseUntil!\n WHERE r.id = (SELECT id FROM webhook.replay_requests\n                WHERE done_at IS NULL AND (leased_until IS NULL OR leased_until <= now())\n                ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)\nRETURNING r.id::text AS \"id!\", r.merchant_id AS \"merchantId\", r.delivery_status AS \"deliveryStatus\", r.endpoint_id AS \"endpointId\",\n          r.created_from AS \"createdFrom\", r.created_to AS \"createdTo\", r.accepted_at AS \"acceptedAt\", r.event_count AS \"eventCount\",\n          r.rearmed, r.after_created_at AS \"afterCreatedAt\", r.after_id AS \"afterId\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.replay_requests r SET leased_until = :leaseUntil!
 *  WHERE r.id = (SELECT id FROM webhook.replay_requests
 *                 WHERE done_at IS NULL AND (leased_until IS NULL OR leased_until <= now())
 *                 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
 * RETURNING r.id::text AS "id!", r.merchant_id AS "merchantId", r.delivery_status AS "deliveryStatus", r.endpoint_id AS "endpointId",
 *           r.created_from AS "createdFrom", r.created_to AS "createdTo", r.accepted_at AS "acceptedAt", r.event_count AS "eventCount",
 *           r.rearmed, r.after_created_at AS "afterCreatedAt", r.after_id AS "afterId"
 * ```
 */
export const claimReplay = new PreparedQuery<IClaimReplayParams,IClaimReplayResult>(claimReplayIR);


/** 'ReplayBatchEvents' parameters type */
export interface IReplayBatchEventsParams {
  acceptedAt: DateOrString;
  afterCreatedAt?: DateOrString | null | void;
  afterId?: string | null | void;
  createdFrom?: DateOrString | null | void;
  createdTo?: DateOrString | null | void;
  deliveryStatus: string;
  limit: NumberOrString;
  merchantId: string;
}

/** 'ReplayBatchEvents' return type */
export interface IReplayBatchEventsResult {
  createdAt: Date;
  id: string;
}

/** 'ReplayBatchEvents' query type */
export interface IReplayBatchEventsQuery {
  params: IReplayBatchEventsParams;
  result: IReplayBatchEventsResult;
}

const replayBatchEventsIR: any = {"usedParamSet":{"merchantId":true,"acceptedAt":true,"deliveryStatus":true,"createdFrom":true,"createdTo":true,"afterId":true,"afterCreatedAt":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":111,"b":122}]},{"name":"acceptedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":154}]},{"name":"deliveryStatus","required":true,"transform":{"type":"scalar"},"locs":[{"a":166,"b":181},{"a":209,"b":224}]},{"name":"createdFrom","required":false,"transform":{"type":"scalar"},"locs":[{"a":237,"b":248},{"a":288,"b":299}]},{"name":"createdTo","required":false,"transform":{"type":"scalar"},"locs":[{"a":325,"b":334},{"a":374,"b":383}]},{"name":"afterId","required":false,"transform":{"type":"scalar"},"locs":[{"a":409,"b":416},{"a":485,"b":492}]},{"name":"afterCreatedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":455,"b":469}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":535,"b":541}]}],"statement":"SELECT id, created_at AS \"createdAt\" FROM (\n  SELECT id, created_at FROM webhook.events\n   WHERE merchant_id = :merchantId! AND recorded_at <= :acceptedAt!\n     AND (:deliveryStatus! = '' OR delivery_status = :deliveryStatus!)\n     AND (:createdFrom::timestamptz IS NULL OR created_at >= :createdFrom::timestamptz)\n     AND (:createdTo::timestamptz IS NULL OR created_at <= :createdTo::timestamptz)\n     AND (:afterId::text IS NULL OR (created_at, id) > (:afterCreatedAt::timestamptz, :afterId::text))\n   ORDER BY created_at, id LIMIT :limit!\n) chosen ORDER BY id FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, created_at AS "createdAt" FROM (
 *   SELECT id, created_at FROM webhook.events
 *    WHERE merchant_id = :merchantId! AND recorded_at <= :acceptedAt!
 *      AND (:deliveryStatus! = '' OR delivery_status = :deliveryStatus!)
 *      AND (:createdFrom::timestamptz IS NULL OR created_at >= :createdFrom::timestamptz)
 *      AND (:createdTo::timestamptz IS NULL OR created_at <= :createdTo::timestamptz)
 *      AND (:afterId::text IS NULL OR (created_at, id) > (:afterCreatedAt::timestamptz, :afterId::text))
 *    ORDER BY created_at, id LIMIT :limit!
 * ) chosen ORDER BY id FOR UPDATE
 * ```
 */
export const replayBatchEvents = new PreparedQuery<IReplayBatchEventsParams,IReplayBatchEventsResult>(replayBatchEventsIR);


/** 'InsertReplayDeliveries' parameters type */
export interface IInsertReplayDeliveriesParams {
  at: DateOrString;
  endpointId: string;
  eventIds: stringArray;
}

/** 'InsertReplayDeliveries' return type */
export type IInsertReplayDeliveriesResult = void;

/** 'InsertReplayDeliveries' query type */
export interface IInsertReplayDeliveriesQuery {
  params: IInsertReplayDeliveriesParams;
  result: IInsertReplayDeliveriesResult;
}

const insertReplayDeliveriesIR: any = {"usedParamSet":{"at":true,"endpointId":true,"eventIds":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":152},{"a":168,"b":171}]},{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":401,"b":412},{"a":430,"b":441}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":463,"b":472}]}],"statement":"INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)\nSELECT ev.merchant_id, ev.id, ep.id, :at!::timestamptz, :at!::timestamptz, true\n  FROM webhook.events ev\n  JOIN webhook.endpoints ep ON ep.merchant_id = ev.merchant_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL\n       AND webhook.subscribes(ep.enabled_events, ev.event_type) AND (:endpointId! = '' OR ep.id = :endpointId!)\n WHERE ev.id = ANY(:eventIds!::text[])\nON CONFLICT (event_id, endpoint_id) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
 * SELECT ev.merchant_id, ev.id, ep.id, :at!::timestamptz, :at!::timestamptz, true
 *   FROM webhook.events ev
 *   JOIN webhook.endpoints ep ON ep.merchant_id = ev.merchant_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL
 *        AND webhook.subscribes(ep.enabled_events, ev.event_type) AND (:endpointId! = '' OR ep.id = :endpointId!)
 *  WHERE ev.id = ANY(:eventIds!::text[])
 * ON CONFLICT (event_id, endpoint_id) DO NOTHING
 * ```
 */
export const insertReplayDeliveries = new PreparedQuery<IInsertReplayDeliveriesParams,IInsertReplayDeliveriesResult>(insertReplayDeliveriesIR);


/** 'RearmReplayDeliveries' parameters type */
export interface IRearmReplayDeliveriesParams {
  at: DateOrString;
  endpointId: string;
  eventIds: stringArray;
}

/** 'RearmReplayDeliveries' return type */
export type IRearmReplayDeliveriesResult = void;

/** 'RearmReplayDeliveries' query type */
export interface IRearmReplayDeliveriesQuery {
  params: IRearmReplayDeliveriesParams;
  result: IRearmReplayDeliveriesResult;
}

const rearmReplayDeliveriesIR: any = {"usedParamSet":{"at":true,"eventIds":true,"endpointId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":269},{"a":292,"b":295}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":385,"b":394}]},{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":491,"b":502},{"a":520,"b":531}]}],"statement":"UPDATE webhook.deliveries d\n   SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),\n       status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,\n       next_attempt_at = :at!, window_started_at = :at!, manual = true, leased_until = NULL\n  FROM webhook.endpoints ep\n WHERE d.event_id = ANY(:eventIds!::text[]) AND ep.id = d.endpoint_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL\n   AND (:endpointId! = '' OR ep.id = :endpointId!)"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries d
 *    SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
 *        status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
 *        next_attempt_at = :at!, window_started_at = :at!, manual = true, leased_until = NULL
 *   FROM webhook.endpoints ep
 *  WHERE d.event_id = ANY(:eventIds!::text[]) AND ep.id = d.endpoint_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL
 *    AND (:endpointId! = '' OR ep.id = :endpointId!)
 * ```
 */
export const rearmReplayDeliveries = new PreparedQuery<IRearmReplayDeliveriesParams,IRearmReplayDeliveriesResult>(rearmReplayDeliveriesIR);


/** 'RecordReplayProgress' parameters type */
export interface IRecordReplayProgressParams {
  afterCreatedAt?: DateOrString | null | void;
  afterId?: string | null | void;
  doneAt?: DateOrString | null | void;
  id: NumberOrString;
  leaseUntil?: DateOrString | null | void;
  rearmed: number;
  rearmedBefore: number;
}

/** 'RecordReplayProgress' return type */
export interface IRecordReplayProgressResult {
  id: string;
}

/** 'RecordReplayProgress' query type */
export interface IRecordReplayProgressQuery {
  params: IRecordReplayProgressParams;
  result: IRecordReplayProgressResult;
}

const recordReplayProgressIR: any = {"usedParamSet":{"rearmed":true,"afterCreatedAt":true,"afterId":true,"doneAt":true,"leaseUntil":true,"id":true,"rearmedBefore":true},"params":[{"name":"rearmed","required":true,"transform":{"type":"scalar"},"locs":[{"a":48,"b":56}]},{"name":"afterCreatedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":78,"b":92}]},{"name":"afterId","required":false,"transform":{"type":"scalar"},"locs":[{"a":106,"b":113}]},{"name":"doneAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":126,"b":132}]},{"name":"leaseUntil","required":false,"transform":{"type":"scalar"},"locs":[{"a":150,"b":160}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":177}]},{"name":"rearmedBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":201,"b":215}]}],"statement":"UPDATE webhook.replay_requests\n   SET rearmed = :rearmed!, after_created_at = :afterCreatedAt, after_id = :afterId, done_at = :doneAt, leased_until = :leaseUntil\n WHERE id = :id!::bigint AND rearmed = :rearmedBefore! AND done_at IS NULL\nRETURNING id::text AS \"id!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.replay_requests
 *    SET rearmed = :rearmed!, after_created_at = :afterCreatedAt, after_id = :afterId, done_at = :doneAt, leased_until = :leaseUntil
 *  WHERE id = :id!::bigint AND rearmed = :rearmedBefore! AND done_at IS NULL
 * RETURNING id::text AS "id!"
 * ```
 */
export const recordReplayProgress = new PreparedQuery<IRecordReplayProgressParams,IRecordReplayProgressResult>(recordReplayProgressIR);


/** 'ReleaseReplay' parameters type */
export interface IReleaseReplayParams {
  id: NumberOrString;
}

/** 'ReleaseReplay' return type */
export type IReleaseReplayResult = void;

/** 'ReleaseReplay' query type */
export interface IReleaseReplayQuery {
  params: IReleaseReplayParams;
  result: IReleaseReplayResult;
}

const releaseReplayIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":69}]}],"statement":"UPDATE webhook.replay_requests SET leased_until = NULL WHERE id = :id!::bigint AND done_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.replay_requests SET leased_until = NULL WHERE id = :id!::bigint AND done_at IS NULL
 * ```
 */
export const releaseReplay = new PreparedQuery<IReleaseReplayParams,IReleaseReplayResult>(releaseReplayIR);


