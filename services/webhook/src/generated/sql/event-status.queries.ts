/** Types generated for queries found in "src/db/sql/event-status.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type stringArray = (string)[];

/** 'LockEvent' parameters type */
export interface ILockEventParams {
  eventId: string;
}

/** 'LockEvent' return type */
export interface ILockEventResult {
  id: string;
}

/** 'LockEvent' query type */
export interface ILockEventQuery {
  params: ILockEventParams;
  result: ILockEventResult;
}

const lockEventIR: any = {"usedParamSet":{"eventId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":41,"b":49}]}],"statement":"SELECT id FROM webhook.events WHERE id = :eventId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM webhook.events WHERE id = :eventId! FOR UPDATE
 * ```
 */
export const lockEvent = new PreparedQuery<ILockEventParams,ILockEventResult>(lockEventIR);


/** 'LockMerchantEvent' parameters type */
export interface ILockMerchantEventParams {
  eventId: string;
  merchantId: string;
}

/** 'LockMerchantEvent' return type */
export interface ILockMerchantEventResult {
  id: string;
}

/** 'LockMerchantEvent' query type */
export interface ILockMerchantEventQuery {
  params: ILockMerchantEventParams;
  result: ILockMerchantEventResult;
}

const lockMerchantEventIR: any = {"usedParamSet":{"eventId":true,"merchantId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":41,"b":49}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":80}]}],"statement":"SELECT id FROM webhook.events WHERE id = :eventId! AND merchant_id = :merchantId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM webhook.events WHERE id = :eventId! AND merchant_id = :merchantId! FOR UPDATE
 * ```
 */
export const lockMerchantEvent = new PreparedQuery<ILockMerchantEventParams,ILockMerchantEventResult>(lockMerchantEventIR);


/** 'RecountEvent' parameters type */
export interface IRecountEventParams {
  eventId: string;
}

/** 'RecountEvent' return type */
export type IRecountEventResult = void;

/** 'RecountEvent' query type */
export interface IRecountEventQuery {
  params: IRecountEventParams;
  result: IRecountEventResult;
}

const recountEventIR: any = {"usedParamSet":{"eventId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":625,"b":633}]}],"statement":"UPDATE webhook.events ev\n   SET deliveries_pending = s.p, deliveries_retrying = s.r, deliveries_delivered = s.d, deliveries_failed = s.f,\n       delivery_status = webhook.event_delivery_status(s.p, s.r, s.d, s.f)\n  FROM (SELECT e.id,\n               count(*) FILTER (WHERE d.status = 'pending')::int AS p,\n               count(*) FILTER (WHERE d.status = 'retrying')::int AS r,\n               count(*) FILTER (WHERE d.status = 'delivered')::int AS d,\n               count(*) FILTER (WHERE d.status = 'failed')::int AS f\n          FROM webhook.events e LEFT JOIN webhook.deliveries d ON d.event_id = e.id\n         WHERE e.id = :eventId! GROUP BY e.id) s\n WHERE ev.id = s.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.events ev
 *    SET deliveries_pending = s.p, deliveries_retrying = s.r, deliveries_delivered = s.d, deliveries_failed = s.f,
 *        delivery_status = webhook.event_delivery_status(s.p, s.r, s.d, s.f)
 *   FROM (SELECT e.id,
 *                count(*) FILTER (WHERE d.status = 'pending')::int AS p,
 *                count(*) FILTER (WHERE d.status = 'retrying')::int AS r,
 *                count(*) FILTER (WHERE d.status = 'delivered')::int AS d,
 *                count(*) FILTER (WHERE d.status = 'failed')::int AS f
 *           FROM webhook.events e LEFT JOIN webhook.deliveries d ON d.event_id = e.id
 *          WHERE e.id = :eventId! GROUP BY e.id) s
 *  WHERE ev.id = s.id
 * ```
 */
export const recountEvent = new PreparedQuery<IRecountEventParams,IRecountEventResult>(recountEventIR);


/** 'RecountEvents' parameters type */
export interface IRecountEventsParams {
  eventIds: stringArray;
}

/** 'RecountEvents' return type */
export type IRecountEventsResult = void;

/** 'RecountEvents' query type */
export interface IRecountEventsQuery {
  params: IRecountEventsParams;
  result: IRecountEventsResult;
}

const recountEventsIR: any = {"usedParamSet":{"eventIds":true},"params":[{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":629,"b":638}]}],"statement":"UPDATE webhook.events ev\n   SET deliveries_pending = s.p, deliveries_retrying = s.r, deliveries_delivered = s.d, deliveries_failed = s.f,\n       delivery_status = webhook.event_delivery_status(s.p, s.r, s.d, s.f)\n  FROM (SELECT e.id,\n               count(*) FILTER (WHERE d.status = 'pending')::int AS p,\n               count(*) FILTER (WHERE d.status = 'retrying')::int AS r,\n               count(*) FILTER (WHERE d.status = 'delivered')::int AS d,\n               count(*) FILTER (WHERE d.status = 'failed')::int AS f\n          FROM webhook.events e LEFT JOIN webhook.deliveries d ON d.event_id = e.id\n         WHERE e.id = ANY(:eventIds!::text[]) GROUP BY e.id) s\n WHERE ev.id = s.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.events ev
 *    SET deliveries_pending = s.p, deliveries_retrying = s.r, deliveries_delivered = s.d, deliveries_failed = s.f,
 *        delivery_status = webhook.event_delivery_status(s.p, s.r, s.d, s.f)
 *   FROM (SELECT e.id,
 *                count(*) FILTER (WHERE d.status = 'pending')::int AS p,
 *                count(*) FILTER (WHERE d.status = 'retrying')::int AS r,
 *                count(*) FILTER (WHERE d.status = 'delivered')::int AS d,
 *                count(*) FILTER (WHERE d.status = 'failed')::int AS f
 *           FROM webhook.events e LEFT JOIN webhook.deliveries d ON d.event_id = e.id
 *          WHERE e.id = ANY(:eventIds!::text[]) GROUP BY e.id) s
 *  WHERE ev.id = s.id
 * ```
 */
export const recountEvents = new PreparedQuery<IRecountEventsParams,IRecountEventsResult>(recountEventsIR);


