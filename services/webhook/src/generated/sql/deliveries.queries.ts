/** Types generated for queries found in "src/db/sql/deliveries.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'PostponeDelivery' parameters type */
export interface IPostponeDeliveryParams {
  attemptCount: number;
  id: NumberOrString;
  latestStart: DateOrString;
  until: DateOrString;
}

/** 'PostponeDelivery' return type */
export interface IPostponeDeliveryResult {
  id: string;
}

/** 'PostponeDelivery' query type */
export interface IPostponeDeliveryQuery {
  params: IPostponeDeliveryParams;
  result: IPostponeDeliveryResult;
}

const postponeDeliveryIR: any = {"usedParamSet":{"until":true,"id":true,"attemptCount":true,"latestStart":true},"params":[{"name":"until","required":true,"transform":{"type":"scalar"},"locs":[{"a":48,"b":54}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":92}]},{"name":"attemptCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":135}]},{"name":"latestStart","required":true,"transform":{"type":"scalar"},"locs":[{"a":200,"b":212}]}],"statement":"UPDATE webhook.deliveries SET next_attempt_at = :until!, leased_until = NULL\n WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying') AND window_started_at >= :latestStart!\nRETURNING id::text AS \"id!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries SET next_attempt_at = :until!, leased_until = NULL
 *  WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying') AND window_started_at >= :latestStart!
 * RETURNING id::text AS "id!"
 * ```
 */
export const postponeDelivery = new PreparedQuery<IPostponeDeliveryParams,IPostponeDeliveryResult>(postponeDeliveryIR);


/** 'ExpireDelivery' parameters type */
export interface IExpireDeliveryParams {
  attemptCount: number;
  id: NumberOrString;
  latestStart: DateOrString;
}

/** 'ExpireDelivery' return type */
export interface IExpireDeliveryResult {
  id: string;
}

/** 'ExpireDelivery' query type */
export interface IExpireDeliveryQuery {
  params: IExpireDeliveryParams;
  result: IExpireDeliveryResult;
}

const expireDeliveryIR: any = {"usedParamSet":{"id":true,"attemptCount":true,"latestStart":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":108}]},{"name":"attemptCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":138,"b":151}]},{"name":"latestStart","required":true,"transform":{"type":"scalar"},"locs":[{"a":215,"b":227}]}],"statement":"UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL\n WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying') AND window_started_at < :latestStart!\nRETURNING id::text AS \"id!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
 *  WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying') AND window_started_at < :latestStart!
 * RETURNING id::text AS "id!"
 * ```
 */
export const expireDelivery = new PreparedQuery<IExpireDeliveryParams,IExpireDeliveryResult>(expireDeliveryIR);


/** 'PutBackDelivery' parameters type */
export interface IPutBackDeliveryParams {
  at: DateOrString;
  attemptCount: number;
  id: NumberOrString;
}

/** 'PutBackDelivery' return type */
export type IPutBackDeliveryResult = void;

/** 'PutBackDelivery' query type */
export interface IPutBackDeliveryQuery {
  params: IPutBackDeliveryParams;
  result: IPutBackDeliveryResult;
}

const putBackDeliveryIR: any = {"usedParamSet":{"at":true,"id":true,"attemptCount":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":48,"b":51}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":86,"b":89}]},{"name":"attemptCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":132}]}],"statement":"UPDATE webhook.deliveries SET next_attempt_at = :at!, leased_until = NULL\n WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries SET next_attempt_at = :at!, leased_until = NULL
 *  WHERE id = :id!::bigint AND attempt_count = :attemptCount! AND status IN ('pending', 'retrying')
 * ```
 */
export const putBackDelivery = new PreparedQuery<IPutBackDeliveryParams,IPutBackDeliveryResult>(putBackDeliveryIR);


/** 'AbandonDelivery' parameters type */
export interface IAbandonDeliveryParams {
  id: NumberOrString;
}

/** 'AbandonDelivery' return type */
export type IAbandonDeliveryResult = void;

/** 'AbandonDelivery' query type */
export interface IAbandonDeliveryQuery {
  params: IAbandonDeliveryParams;
  result: IAbandonDeliveryResult;
}

const abandonDeliveryIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":108}]}],"statement":"UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL\n WHERE id = :id!::bigint AND status IN ('pending', 'retrying')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
 *  WHERE id = :id!::bigint AND status IN ('pending', 'retrying')
 * ```
 */
export const abandonDelivery = new PreparedQuery<IAbandonDeliveryParams,IAbandonDeliveryResult>(abandonDeliveryIR);


/** 'InsertDueDeliveries' parameters type */
export interface IInsertDueDeliveriesParams {
  at: DateOrString;
  endpointIds: stringArray;
  eventId: string;
  manual: boolean;
  merchantId: string;
}

/** 'InsertDueDeliveries' return type */
export type IInsertDueDeliveriesResult = void;

/** 'InsertDueDeliveries' query type */
export interface IInsertDueDeliveriesQuery {
  params: IInsertDueDeliveriesParams;
  result: IInsertDueDeliveriesResult;
}

const insertDueDeliveriesIR: any = {"usedParamSet":{"merchantId":true,"eventId":true,"at":true,"manual":true,"endpointIds":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":130}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":133,"b":141}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":160},{"a":176,"b":179}]},{"name":"manual","required":true,"transform":{"type":"scalar"},"locs":[{"a":195,"b":202}]},{"name":"endpointIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":237}]}],"statement":"INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)\nSELECT :merchantId!, :eventId!, endpoint_id, :at!::timestamptz, :at!::timestamptz, :manual!::boolean FROM unnest(:endpointIds!::text[]) AS endpoint_id\nON CONFLICT DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
 * SELECT :merchantId!, :eventId!, endpoint_id, :at!::timestamptz, :at!::timestamptz, :manual!::boolean FROM unnest(:endpointIds!::text[]) AS endpoint_id
 * ON CONFLICT DO NOTHING
 * ```
 */
export const insertDueDeliveries = new PreparedQuery<IInsertDueDeliveriesParams,IInsertDueDeliveriesResult>(insertDueDeliveriesIR);


/** 'RearmDeliveries' parameters type */
export interface IRearmDeliveriesParams {
  at: DateOrString;
  eventId: string;
}

/** 'RearmDeliveries' return type */
export type IRearmDeliveriesResult = void;

/** 'RearmDeliveries' query type */
export interface IRearmDeliveriesQuery {
  params: IRearmDeliveriesParams;
  result: IRearmDeliveriesResult;
}

const rearmDeliveriesIR: any = {"usedParamSet":{"at":true,"eventId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":269},{"a":299,"b":302}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":401,"b":409}]}],"statement":"UPDATE webhook.deliveries d\n   SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),\n       status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,\n       next_attempt_at = :at!,\n       window_started_at = :at!,\n       manual = true,\n       leased_until = NULL\n  FROM webhook.endpoints e\n WHERE d.event_id = :eventId! AND e.id = d.endpoint_id AND e.status = 'enabled'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries d
 *    SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
 *        status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
 *        next_attempt_at = :at!,
 *        window_started_at = :at!,
 *        manual = true,
 *        leased_until = NULL
 *   FROM webhook.endpoints e
 *  WHERE d.event_id = :eventId! AND e.id = d.endpoint_id AND e.status = 'enabled'
 * ```
 */
export const rearmDeliveries = new PreparedQuery<IRearmDeliveriesParams,IRearmDeliveriesResult>(rearmDeliveriesIR);


/** 'WaitingEventsOfEndpoint' parameters type */
export interface IWaitingEventsOfEndpointParams {
  endpointId: string;
}

/** 'WaitingEventsOfEndpoint' return type */
export interface IWaitingEventsOfEndpointResult {
  eventId: string;
}

/** 'WaitingEventsOfEndpoint' query type */
export interface IWaitingEventsOfEndpointQuery {
  params: IWaitingEventsOfEndpointParams;
  result: IWaitingEventsOfEndpointResult;
}

const waitingEventsOfEndpointIR: any = {"usedParamSet":{"endpointId":true},"params":[{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":84}]}],"statement":"SELECT event_id AS \"eventId\" FROM webhook.deliveries WHERE endpoint_id = :endpointId! AND status IN ('pending', 'retrying') ORDER BY event_id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT event_id AS "eventId" FROM webhook.deliveries WHERE endpoint_id = :endpointId! AND status IN ('pending', 'retrying') ORDER BY event_id
 * ```
 */
export const waitingEventsOfEndpoint = new PreparedQuery<IWaitingEventsOfEndpointParams,IWaitingEventsOfEndpointResult>(waitingEventsOfEndpointIR);


/** 'FailWaitingDeliveries' parameters type */
export interface IFailWaitingDeliveriesParams {
  endpointId: string;
  eventId: string;
}

/** 'FailWaitingDeliveries' return type */
export type IFailWaitingDeliveriesResult = void;

/** 'FailWaitingDeliveries' query type */
export interface IFailWaitingDeliveriesQuery {
  params: IFailWaitingDeliveriesParams;
  result: IFailWaitingDeliveriesResult;
}

const failWaitingDeliveriesIR: any = {"usedParamSet":{"endpointId":true,"eventId":true},"params":[{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":125}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":150}]}],"statement":"UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL\n WHERE endpoint_id = :endpointId! AND event_id = :eventId! AND status IN ('pending', 'retrying')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL
 *  WHERE endpoint_id = :endpointId! AND event_id = :eventId! AND status IN ('pending', 'retrying')
 * ```
 */
export const failWaitingDeliveries = new PreparedQuery<IFailWaitingDeliveriesParams,IFailWaitingDeliveriesResult>(failWaitingDeliveriesIR);


