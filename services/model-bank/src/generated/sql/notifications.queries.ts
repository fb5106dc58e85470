/** Types generated for queries found in "src/db/sql/notifications.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type JsonArray = (Json)[];

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'EnqueueNotifications' parameters type */
export interface IEnqueueNotificationsParams {
  claims: JsonArray;
  clientIds: stringArray;
  ids: stringArray;
  interactionIds: stringArray;
  urls: stringArray;
}

/** 'EnqueueNotifications' return type */
export type IEnqueueNotificationsResult = void;

/** 'EnqueueNotifications' query type */
export interface IEnqueueNotificationsQuery {
  params: IEnqueueNotificationsParams;
  result: IEnqueueNotificationsResult;
}

const enqueueNotificationsIR: any = {"usedParamSet":{"ids":true,"clientIds":true,"urls":true,"claims":true,"interactionIds":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":113}]},{"name":"clientIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":124,"b":134}]},{"name":"urls","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":150}]},{"name":"claims","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":168}]},{"name":"interactionIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":195}]}],"statement":"INSERT INTO model_bank.event_notifications (id, client_id, url, claims, interaction_id)\nSELECT * FROM unnest(:ids!::text[], :clientIds!::text[], :urls!::text[], :claims!::jsonb[], :interactionIds!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.event_notifications (id, client_id, url, claims, interaction_id)
 * SELECT * FROM unnest(:ids!::text[], :clientIds!::text[], :urls!::text[], :claims!::jsonb[], :interactionIds!::text[])
 * ```
 */
export const enqueueNotifications = new PreparedQuery<IEnqueueNotificationsParams,IEnqueueNotificationsResult>(enqueueNotificationsIR);


/** 'TakeDue' parameters type */
export interface ITakeDueParams {
  giveUpAfterMs: NumberOrString;
  leaseMs: NumberOrString;
  limit: NumberOrString;
}

/** 'TakeDue' return type */
export interface ITakeDueResult {
  attempts: number;
  claims: Json;
  clientId: string;
  id: string;
  interactionId: string;
  url: string;
}

/** 'TakeDue' query type */
export interface ITakeDueQuery {
  params: ITakeDueParams;
  result: ITakeDueResult;
}

const takeDueIR: any = {"usedParamSet":{"leaseMs":true,"giveUpAfterMs":true,"limit":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":130}]},{"name":"giveUpAfterMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":315,"b":329}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":376,"b":382}]}],"statement":"UPDATE model_bank.event_notifications n\n   SET attempts = n.attempts + 1, next_attempt_at = now() + make_interval(secs => :leaseMs! / 1000.0)\n WHERE n.id IN (\n   SELECT id FROM model_bank.event_notifications\n    WHERE delivered_at IS NULL AND next_attempt_at <= now() AND created_at > now() - make_interval(secs => :giveUpAfterMs! / 1000.0)\n    ORDER BY next_attempt_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING n.id, n.client_id AS \"clientId\", n.url, n.claims, n.interaction_id AS \"interactionId\", n.attempts"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.event_notifications n
 *    SET attempts = n.attempts + 1, next_attempt_at = now() + make_interval(secs => :leaseMs! / 1000.0)
 *  WHERE n.id IN (
 *    SELECT id FROM model_bank.event_notifications
 *     WHERE delivered_at IS NULL AND next_attempt_at <= now() AND created_at > now() - make_interval(secs => :giveUpAfterMs! / 1000.0)
 *     ORDER BY next_attempt_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING n.id, n.client_id AS "clientId", n.url, n.claims, n.interaction_id AS "interactionId", n.attempts
 * ```
 */
export const takeDue = new PreparedQuery<ITakeDueParams,ITakeDueResult>(takeDueIR);


/** 'MarkDelivered' parameters type */
export interface IMarkDeliveredParams {
  id: string;
}

/** 'MarkDelivered' return type */
export type IMarkDeliveredResult = void;

/** 'MarkDelivered' query type */
export interface IMarkDeliveredQuery {
  params: IMarkDeliveredParams;
  result: IMarkDeliveredResult;
}

const markDeliveredIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":96}]}],"statement":"UPDATE model_bank.event_notifications SET delivered_at = now(), last_error = NULL WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.event_notifications SET delivered_at = now(), last_error = NULL WHERE id = :id!
 * ```
 */
export const markDelivered = new PreparedQuery<IMarkDeliveredParams,IMarkDeliveredResult>(markDeliveredIR);


/** 'MarkFailed' parameters type */
export interface IMarkFailedParams {
  error: string;
  id: string;
  retryInMs: NumberOrString;
}

/** 'MarkFailed' return type */
export type IMarkFailedResult = void;

/** 'MarkFailed' query type */
export interface IMarkFailedQuery {
  params: IMarkFailedParams;
  result: IMarkFailedResult;
}

const markFailedIR: any = {"usedParamSet":{"error":true,"retryInMs":true,"id":true},"params":[{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":61}]},{"name":"retryInMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":122}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":149}]}],"statement":"UPDATE model_bank.event_notifications SET last_error = :error!, next_attempt_at = now() + make_interval(secs => :retryInMs! / 1000.0)\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.event_notifications SET last_error = :error!, next_attempt_at = now() + make_interval(secs => :retryInMs! / 1000.0)
 *  WHERE id = :id!
 * ```
 */
export const markFailed = new PreparedQuery<IMarkFailedParams,IMarkFailedResult>(markFailedIR);


/** 'UndeliveredCount' parameters type */
export type IUndeliveredCountParams = void;

/** 'UndeliveredCount' return type */
export interface IUndeliveredCountResult {
  n: number;
}

/** 'UndeliveredCount' query type */
export interface IUndeliveredCountQuery {
  params: IUndeliveredCountParams;
  result: IUndeliveredCountResult;
}

const undeliveredCountIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT count(*)::int AS \"n!\" FROM model_bank.event_notifications WHERE delivered_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM model_bank.event_notifications WHERE delivered_at IS NULL
 * ```
 */
export const undeliveredCount = new PreparedQuery<IUndeliveredCountParams,IUndeliveredCountResult>(undeliveredCountIR);


