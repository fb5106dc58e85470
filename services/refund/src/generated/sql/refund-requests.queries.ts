/** Types generated for queries found in "src/db/sql/refund-requests.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'FreeKeysOf' parameters type */
export interface IFreeKeysOfParams {
  merchantId: string;
  requestId: string;
}

/** 'FreeKeysOf' return type */
export type IFreeKeysOfResult = void;

/** 'FreeKeysOf' query type */
export interface IFreeKeysOfQuery {
  params: IFreeKeysOfParams;
  result: IFreeKeysOfResult;
}

const freeKeysOfIR: any = {"usedParamSet":{"merchantId":true,"requestId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":67}]},{"name":"requestId","required":true,"transform":{"type":"scalar"},"locs":[{"a":87,"b":97}]}],"statement":"DELETE FROM refund.idempotency_keys WHERE merchant_id = :merchantId! AND resource_id = :requestId!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM refund.idempotency_keys WHERE merchant_id = :merchantId! AND resource_id = :requestId!
 * ```
 */
export const freeKeysOf = new PreparedQuery<IFreeKeysOfParams,IFreeKeysOfResult>(freeKeysOfIR);


/** 'MoveRequest' parameters type */
export interface IMoveRequestParams {
  from: stringArray;
  id: string;
  merchantId: string;
  to: string;
}

/** 'MoveRequest' return type */
export type IMoveRequestResult = void;

/** 'MoveRequest' query type */
export interface IMoveRequestQuery {
  params: IMoveRequestParams;
  result: IMoveRequestResult;
}

const moveRequestIR: any = {"usedParamSet":{"to":true,"id":true,"merchantId":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":45}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":81}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":112}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":135}]}],"statement":"UPDATE refund.refund_requests SET state = :to!, updated_at = now() WHERE id = :id! AND merchant_id = :merchantId! AND state = ANY(:from!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE refund.refund_requests SET state = :to!, updated_at = now() WHERE id = :id! AND merchant_id = :merchantId! AND state = ANY(:from!::text[])
 * ```
 */
export const moveRequest = new PreparedQuery<IMoveRequestParams,IMoveRequestResult>(moveRequestIR);


/** 'MarkAbandoned' parameters type */
export interface IMarkAbandonedParams {
  id: string;
  merchantId: string;
  paymentId: string;
}

/** 'MarkAbandoned' return type */
export type IMarkAbandonedResult = void;

/** 'MarkAbandoned' query type */
export interface IMarkAbandonedQuery {
  params: IMarkAbandonedParams;
  result: IMarkAbandonedResult;
}

const markAbandonedIR: any = {"usedParamSet":{"id":true,"merchantId":true,"paymentId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":102}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":116},{"a":241,"b":252}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":129}]}],"statement":"INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, 0, 'abandoned')\nON CONFLICT (id) DO UPDATE SET state = 'abandoned', updated_at = now() WHERE r.merchant_id = :merchantId! AND r.state = 'open'"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES (:id!, :merchantId!, :paymentId!, 0, 'abandoned')
 * ON CONFLICT (id) DO UPDATE SET state = 'abandoned', updated_at = now() WHERE r.merchant_id = :merchantId! AND r.state = 'open'
 * ```
 */
export const markAbandoned = new PreparedQuery<IMarkAbandonedParams,IMarkAbandonedResult>(markAbandonedIR);


/** 'ForgetRequest' parameters type */
export interface IForgetRequestParams {
  id: string;
  merchantId: string;
}

/** 'ForgetRequest' return type */
export type IForgetRequestResult = void;

/** 'ForgetRequest' query type */
export interface IForgetRequestQuery {
  params: IForgetRequestParams;
  result: IForgetRequestResult;
}

const forgetRequestIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":63}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":94},{"a":200,"b":211}]}],"statement":"WITH gone AS (DELETE FROM refund.refund_requests WHERE id = :id! AND merchant_id = :merchantId! AND state = 'open' RETURNING id)\nDELETE FROM refund.idempotency_keys k USING gone WHERE k.merchant_id = :merchantId! AND k.resource_id = gone.id"};

/**
 * Query generated from SQL:
 * ```
 * WITH gone AS (DELETE FROM refund.refund_requests WHERE id = :id! AND merchant_id = :merchantId! AND state = 'open' RETURNING id)
 * DELETE FROM refund.idempotency_keys k USING gone WHERE k.merchant_id = :merchantId! AND k.resource_id = gone.id
 * ```
 */
export const forgetRequest = new PreparedQuery<IForgetRequestParams,IForgetRequestResult>(forgetRequestIR);


/** 'UnfinishedRequests' parameters type */
export interface IUnfinishedRequestsParams {
  limit: NumberOrString;
  openBefore: DateOrString;
}

/** 'UnfinishedRequests' return type */
export interface IUnfinishedRequestsResult {
  createdAt: Date;
  id: string;
  merchantId: string;
  paymentId: string;
  state: string;
}

/** 'UnfinishedRequests' query type */
export interface IUnfinishedRequestsQuery {
  params: IUnfinishedRequestsParams;
  result: IUnfinishedRequestsResult;
}

const unfinishedRequestsIR: any = {"usedParamSet":{"openBefore":true,"limit":true},"params":[{"name":"openBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":168,"b":179}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":232,"b":238}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", payment_id AS \"paymentId\", state, created_at AS \"createdAt\" FROM refund.refund_requests\n WHERE (state = 'open' AND created_at < :openBefore!) OR state = 'abandoned'\n ORDER BY created_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", payment_id AS "paymentId", state, created_at AS "createdAt" FROM refund.refund_requests
 *  WHERE (state = 'open' AND created_at < :openBefore!) OR state = 'abandoned'
 *  ORDER BY created_at LIMIT :limit!
 * ```
 */
export const unfinishedRequests = new PreparedQuery<IUnfinishedRequestsParams,IUnfinishedRequestsResult>(unfinishedRequestsIR);


/** 'FindRequest' parameters type */
export interface IFindRequestParams {
  id: string;
}

/** 'FindRequest' return type */
export interface IFindRequestResult {
  createdAt: Date;
  id: string;
  merchantId: string;
  paymentId: string;
  state: string;
}

/** 'FindRequest' query type */
export interface IFindRequestQuery {
  params: IFindRequestParams;
  result: IFindRequestResult;
}

const findRequestIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":142}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", payment_id AS \"paymentId\", state, created_at AS \"createdAt\" FROM refund.refund_requests WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", payment_id AS "paymentId", state, created_at AS "createdAt" FROM refund.refund_requests WHERE id = :id!
 * ```
 */
export const findRequest = new PreparedQuery<IFindRequestParams,IFindRequestResult>(findRequestIR);


