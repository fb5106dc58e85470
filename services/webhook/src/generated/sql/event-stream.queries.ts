/** Types generated for queries found in "src/db/sql/event-stream.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'EventsAfter' parameters type */
export interface IEventsAfterParams {
  afterSeq: NumberOrString;
  limit: NumberOrString;
  merchantId: string;
}

/** 'EventsAfter' return type */
export interface IEventsAfterResult {
  createdAt: Date;
  data: string;
  deliveryStatus: string;
  eventType: string;
  id: string;
  merchantId: string;
  seq: string;
  test: boolean;
}

/** 'EventsAfter' query type */
export interface IEventsAfterQuery {
  params: IEventsAfterParams;
  result: IEventsAfterResult;
}

const eventsAfterIR: any = {"usedParamSet":{"merchantId":true,"afterSeq":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":231}]},{"name":"afterSeq","required":true,"transform":{"type":"scalar"},"locs":[{"a":250,"b":259}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":297,"b":303}]}],"statement":"SELECT stream_seq::text AS \"seq!\", id, merchant_id AS \"merchantId\", event_type AS \"eventType\", created_at AS \"createdAt\",\n       data, test, delivery_status AS \"deliveryStatus\"\n  FROM webhook.events\n WHERE merchant_id = :merchantId! AND stream_seq > :afterSeq!::bigint\n ORDER BY stream_seq\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT stream_seq::text AS "seq!", id, merchant_id AS "merchantId", event_type AS "eventType", created_at AS "createdAt",
 *        data, test, delivery_status AS "deliveryStatus"
 *   FROM webhook.events
 *  WHERE merchant_id = :merchantId! AND stream_seq > :afterSeq!::bigint
 *  ORDER BY stream_seq
 *  LIMIT :limit!
 * ```
 */
export const eventsAfter = new PreparedQuery<IEventsAfterParams,IEventsAfterResult>(eventsAfterIR);


/** 'StreamHead' parameters type */
export interface IStreamHeadParams {
  merchantId: string;
}

/** 'StreamHead' return type */
export interface IStreamHeadResult {
  last: string;
}

/** 'StreamHead' query type */
export interface IStreamHeadQuery {
  params: IStreamHeadParams;
  result: IStreamHeadResult;
}

const streamHeadIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":104}]}],"statement":"SELECT coalesce(max(stream_seq), 0)::text AS \"last!\" FROM webhook.events WHERE merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT coalesce(max(stream_seq), 0)::text AS "last!" FROM webhook.events WHERE merchant_id = :merchantId!
 * ```
 */
export const streamHead = new PreparedQuery<IStreamHeadParams,IStreamHeadResult>(streamHeadIR);


