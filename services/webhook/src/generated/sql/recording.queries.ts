/** Types generated for queries found in "src/db/sql/recording.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type booleanArray = (boolean)[];

export type stringArray = (string)[];

/** 'RecordWithSubscriptions' parameters type */
export interface IRecordWithSubscriptionsParams {
  ats: DateOrStringArray;
  createdAts: DateOrStringArray;
  datas: stringArray;
  eventTypes: stringArray;
  excludedIds: stringArray;
  excludedUrls: stringArray;
  ids: stringArray;
  merchantIds: stringArray;
  tests: booleanArray;
  traceparents: stringArray;
}

/** 'RecordWithSubscriptions' return type */
export interface IRecordWithSubscriptionsResult {
  endpointId: string | null;
  eventId: string;
  url: string | null;
}

/** 'RecordWithSubscriptions' query type */
export interface IRecordWithSubscriptionsQuery {
  params: IRecordWithSubscriptionsParams;
  result: IRecordWithSubscriptionsResult;
}

const recordWithSubscriptionsIR: any = {"usedParamSet":{"ids":true,"merchantIds":true,"eventTypes":true,"createdAts":true,"datas":true,"tests":true,"traceparents":true,"ats":true,"excludedIds":true,"excludedUrls":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":43}]},{"name":"merchantIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":66}]},{"name":"eventTypes","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":88}]},{"name":"createdAts","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":110}]},{"name":"datas","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":134}]},{"name":"tests","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":151}]},{"name":"traceparents","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":198}]},{"name":"ats","required":true,"transform":{"type":"scalar"},"locs":[{"a":209,"b":213}]},{"name":"excludedIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":625,"b":637}]},{"name":"excludedUrls","required":true,"transform":{"type":"scalar"},"locs":[{"a":648,"b":661}]}],"statement":"WITH input AS (\n  SELECT * FROM unnest(:ids!::text[], :merchantIds!::text[], :eventTypes!::text[], :createdAts!::timestamptz[], :datas!::text[], :tests!::bool[],\n                       :traceparents!::text[], :ats!::timestamptz[])\n    AS i(id, merchant_id, event_type, created_at, data, test, traceparent, at)),\nsubscribed AS (\n  SELECT i.id AS event_id, e.id AS endpoint_id, e.url, i.at\n    FROM input i JOIN webhook.endpoints e ON e.merchant_id = i.merchant_id AND e.status = 'enabled' AND e.deleted_at IS NULL\n     AND webhook.subscribes(e.enabled_events, i.event_type)\n   WHERE (e.id, e.url) NOT IN (SELECT * FROM unnest(:excludedIds!::text[], :excludedUrls!::text[]))),\nev AS (\n  INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, test, delivery_status, traceparent, deliveries_pending)\n  SELECT i.id, i.merchant_id, i.event_type, i.created_at, i.data, i.test, webhook.event_delivery_status(n.due, 0, 0, 0), i.traceparent, n.due\n    FROM input i CROSS JOIN LATERAL (SELECT count(*)::int AS due FROM subscribed s WHERE s.event_id = i.id) n\n  ON CONFLICT (id) DO NOTHING RETURNING id, merchant_id),\ndue AS (\n  INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at)\n  SELECT ev.merchant_id, ev.id, s.endpoint_id, s.at, s.at FROM ev JOIN subscribed s ON s.event_id = ev.id\n  ON CONFLICT (event_id, endpoint_id) DO NOTHING)\nSELECT ev.id AS \"eventId!\", s.endpoint_id AS \"endpointId?\", s.url AS \"url?\" FROM ev LEFT JOIN subscribed s ON s.event_id = ev.id"};

/**
 * Query generated from SQL:
 * ```
 * WITH input AS (
 *   SELECT * FROM unnest(:ids!::text[], :merchantIds!::text[], :eventTypes!::text[], :createdAts!::timestamptz[], :datas!::text[], :tests!::bool[],
 *                        :traceparents!::text[], :ats!::timestamptz[])
 *     AS i(id, merchant_id, event_type, created_at, data, test, traceparent, at)),
 * subscribed AS (
 *   SELECT i.id AS event_id, e.id AS endpoint_id, e.url, i.at
 *     FROM input i JOIN webhook.endpoints e ON e.merchant_id = i.merchant_id AND e.status = 'enabled' AND e.deleted_at IS NULL
 *      AND webhook.subscribes(e.enabled_events, i.event_type)
 *    WHERE (e.id, e.url) NOT IN (SELECT * FROM unnest(:excludedIds!::text[], :excludedUrls!::text[]))),
 * ev AS (
 *   INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, test, delivery_status, traceparent, deliveries_pending)
 *   SELECT i.id, i.merchant_id, i.event_type, i.created_at, i.data, i.test, webhook.event_delivery_status(n.due, 0, 0, 0), i.traceparent, n.due
 *     FROM input i CROSS JOIN LATERAL (SELECT count(*)::int AS due FROM subscribed s WHERE s.event_id = i.id) n
 *   ON CONFLICT (id) DO NOTHING RETURNING id, merchant_id),
 * due AS (
 *   INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at)
 *   SELECT ev.merchant_id, ev.id, s.endpoint_id, s.at, s.at FROM ev JOIN subscribed s ON s.event_id = ev.id
 *   ON CONFLICT (event_id, endpoint_id) DO NOTHING)
 * SELECT ev.id AS "eventId!", s.endpoint_id AS "endpointId?", s.url AS "url?" FROM ev LEFT JOIN subscribed s ON s.event_id = ev.id
 * ```
 */
export const recordWithSubscriptions = new PreparedQuery<IRecordWithSubscriptionsParams,IRecordWithSubscriptionsResult>(recordWithSubscriptionsIR);


/** 'LockEvents' parameters type */
export interface ILockEventsParams {
  eventIds: stringArray;
}

/** 'LockEvents' return type */
export interface ILockEventsResult {
  id: string;
}

/** 'LockEvents' query type */
export interface ILockEventsQuery {
  params: ILockEventsParams;
  result: ILockEventsResult;
}

const lockEventsIR: any = {"usedParamSet":{"eventIds":true},"params":[{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":54}]}],"statement":"SELECT id FROM webhook.events WHERE id = ANY(:eventIds!::text[]) ORDER BY id FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM webhook.events WHERE id = ANY(:eventIds!::text[]) ORDER BY id FOR UPDATE
 * ```
 */
export const lockEvents = new PreparedQuery<ILockEventsParams,ILockEventsResult>(lockEventsIR);


/** 'DeleteUnattemptedDeliveries' parameters type */
export interface IDeleteUnattemptedDeliveriesParams {
  endpointIds: stringArray;
  eventIds: stringArray;
}

/** 'DeleteUnattemptedDeliveries' return type */
export type IDeleteUnattemptedDeliveriesResult = void;

/** 'DeleteUnattemptedDeliveries' query type */
export interface IDeleteUnattemptedDeliveriesQuery {
  params: IDeleteUnattemptedDeliveriesParams;
  result: IDeleteUnattemptedDeliveriesResult;
}

const deleteUnattemptedDeliveriesIR: any = {"usedParamSet":{"eventIds":true,"endpointIds":true},"params":[{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":46,"b":55}]},{"name":"endpointIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":78}]}],"statement":"DELETE FROM webhook.deliveries d USING unnest(:eventIds!::text[], :endpointIds!::text[]) AS w(event_id, endpoint_id)\n WHERE d.event_id = w.event_id AND d.endpoint_id = w.endpoint_id AND d.status = 'pending' AND d.attempt_count = 0"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM webhook.deliveries d USING unnest(:eventIds!::text[], :endpointIds!::text[]) AS w(event_id, endpoint_id)
 *  WHERE d.event_id = w.event_id AND d.endpoint_id = w.endpoint_id AND d.status = 'pending' AND d.attempt_count = 0
 * ```
 */
export const deleteUnattemptedDeliveries = new PreparedQuery<IDeleteUnattemptedDeliveriesParams,IDeleteUnattemptedDeliveriesResult>(deleteUnattemptedDeliveriesIR);


/** 'EndpointUrls' parameters type */
export type IEndpointUrlsParams = void;

/** 'EndpointUrls' return type */
export interface IEndpointUrlsResult {
  id: string;
  url: string;
}

/** 'EndpointUrls' query type */
export interface IEndpointUrlsQuery {
  params: IEndpointUrlsParams;
  result: IEndpointUrlsResult;
}

const endpointUrlsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT id, url FROM webhook.endpoints WHERE deleted_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, url FROM webhook.endpoints WHERE deleted_at IS NULL
 * ```
 */
export const endpointUrls = new PreparedQuery<IEndpointUrlsParams,IEndpointUrlsResult>(endpointUrlsIR);


