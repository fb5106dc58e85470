/** Types generated for queries found in "src/db/sql/events.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'EventById' parameters type */
export interface IEventByIdParams {
  id: string;
}

/** 'EventById' return type */
export interface IEventByIdResult {
  createdAt: Date;
  data: string;
  deliveryStatus: string;
  eventType: string;
  id: string;
  merchantId: string;
  recordedAt: Date;
  resourceId: string | null;
  streamSeq: string;
  test: boolean;
  traceparent: string | null;
}

/** 'EventById' query type */
export interface IEventByIdQuery {
  params: IEventByIdParams;
  result: IEventByIdResult;
}

const eventByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":323,"b":326}]}],"statement":"SELECT ev.id, ev.merchant_id AS \"merchantId\", ev.event_type AS \"eventType\", ev.created_at AS \"createdAt\", ev.data, ev.test,\n  ev.delivery_status AS \"deliveryStatus\", ev.recorded_at AS \"recordedAt\", ev.traceparent, ev.stream_seq::text AS \"streamSeq!\",\n  ev.resource_id AS \"resourceId\"\n  FROM webhook.events ev WHERE ev.id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT ev.id, ev.merchant_id AS "merchantId", ev.event_type AS "eventType", ev.created_at AS "createdAt", ev.data, ev.test,
 *   ev.delivery_status AS "deliveryStatus", ev.recorded_at AS "recordedAt", ev.traceparent, ev.stream_seq::text AS "streamSeq!",
 *   ev.resource_id AS "resourceId"
 *   FROM webhook.events ev WHERE ev.id = :id!
 * ```
 */
export const eventById = new PreparedQuery<IEventByIdParams,IEventByIdResult>(eventByIdIR);


/** 'MerchantEvent' parameters type */
export interface IMerchantEventParams {
  id: string;
  merchantId: string;
}

/** 'MerchantEvent' return type */
export interface IMerchantEventResult {
  createdAt: Date;
  data: string;
  deliveryStatus: string;
  eventType: string;
  id: string;
  merchantId: string;
  recordedAt: Date;
  resourceId: string | null;
  streamSeq: string;
  test: boolean;
  traceparent: string | null;
}

/** 'MerchantEvent' query type */
export interface IMerchantEventQuery {
  params: IMerchantEventParams;
  result: IMerchantEventResult;
}

const merchantEventIR: any = {"usedParamSet":{"merchantId":true,"id":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":332,"b":343}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":357,"b":360}]}],"statement":"SELECT ev.id, ev.merchant_id AS \"merchantId\", ev.event_type AS \"eventType\", ev.created_at AS \"createdAt\", ev.data, ev.test,\n  ev.delivery_status AS \"deliveryStatus\", ev.recorded_at AS \"recordedAt\", ev.traceparent, ev.stream_seq::text AS \"streamSeq!\",\n  ev.resource_id AS \"resourceId\"\n  FROM webhook.events ev WHERE ev.merchant_id = :merchantId! AND ev.id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT ev.id, ev.merchant_id AS "merchantId", ev.event_type AS "eventType", ev.created_at AS "createdAt", ev.data, ev.test,
 *   ev.delivery_status AS "deliveryStatus", ev.recorded_at AS "recordedAt", ev.traceparent, ev.stream_seq::text AS "streamSeq!",
 *   ev.resource_id AS "resourceId"
 *   FROM webhook.events ev WHERE ev.merchant_id = :merchantId! AND ev.id = :id!
 * ```
 */
export const merchantEvent = new PreparedQuery<IMerchantEventParams,IMerchantEventResult>(merchantEventIR);


/** 'EventAttempts' parameters type */
export interface IEventAttemptsParams {
  eventId: string;
}

/** 'EventAttempts' return type */
export interface IEventAttemptsResult {
  attempt: number;
  attemptedAt: Date;
  deliveryId: string;
  endpointId: string;
  error: string;
  eventId: string;
  id: string;
  latencyMs: number;
  responseExcerpt: string;
  statusCode: number;
  success: boolean;
}

/** 'EventAttempts' query type */
export interface IEventAttemptsQuery {
  params: IEventAttemptsParams;
  result: IEventAttemptsResult;
}

const eventAttemptsIR: any = {"usedParamSet":{"eventId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":319,"b":327}]}],"statement":"SELECT id::text AS \"id!\", delivery_id::text AS \"deliveryId!\", event_id AS \"eventId\", endpoint_id AS \"endpointId\", attempt,\n       attempted_at AS \"attemptedAt\", status_code AS \"statusCode\", latency_ms AS \"latencyMs\", error, success,\n       response_excerpt AS \"responseExcerpt\"\n  FROM webhook.attempts WHERE event_id = :eventId! ORDER BY attempted_at, id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id::text AS "id!", delivery_id::text AS "deliveryId!", event_id AS "eventId", endpoint_id AS "endpointId", attempt,
 *        attempted_at AS "attemptedAt", status_code AS "statusCode", latency_ms AS "latencyMs", error, success,
 *        response_excerpt AS "responseExcerpt"
 *   FROM webhook.attempts WHERE event_id = :eventId! ORDER BY attempted_at, id
 * ```
 */
export const eventAttempts = new PreparedQuery<IEventAttemptsParams,IEventAttemptsResult>(eventAttemptsIR);


