/** Types generated for queries found in "src/db/sql/idempotency-store.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'ClaimKey' parameters type */
export interface IClaimKeyParams {
  key: string;
  lockSeconds: number;
  merchantId: string;
  method: string;
  owner: string;
  path: string;
  requestHash: string;
  ttlSeconds: number;
}

/** 'ClaimKey' return type */
export type IClaimKeyResult = void;

/** 'ClaimKey' query type */
export interface IClaimKeyQuery {
  params: IClaimKeyParams;
  result: IClaimKeyResult;
}

const claimKeyIR: any = {"usedParamSet":{"merchantId":true,"key":true,"method":true,"path":true,"requestHash":true,"owner":true,"lockSeconds":true,"ttlSeconds":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":141}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":148}]},{"name":"method","required":true,"transform":{"type":"scalar"},"locs":[{"a":151,"b":158}]},{"name":"path","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":166}]},{"name":"requestHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":181}]},{"name":"owner","required":true,"transform":{"type":"scalar"},"locs":[{"a":184,"b":190}]},{"name":"lockSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":243}]},{"name":"ttlSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":277,"b":288}]}],"statement":"INSERT INTO gateway.idempotency_keys (merchant_id, key, method, path, request_hash, lock_owner, locked_until, expires_at)\nVALUES (:merchantId!, :key!, :method!, :path!, :requestHash!, :owner!,\n        now() + make_interval(secs => :lockSeconds!), now() + make_interval(secs => :ttlSeconds!))\nON CONFLICT (merchant_id, key) DO UPDATE SET\n  method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash,\n  response_status = NULL, response_body = NULL, lock_owner = EXCLUDED.lock_owner,\n  locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at\nWHERE idempotency_keys.expires_at < now()\n   OR (idempotency_keys.response_status IS NULL AND idempotency_keys.locked_until < now()\n       AND idempotency_keys.request_hash = EXCLUDED.request_hash)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.idempotency_keys (merchant_id, key, method, path, request_hash, lock_owner, locked_until, expires_at)
 * VALUES (:merchantId!, :key!, :method!, :path!, :requestHash!, :owner!,
 *         now() + make_interval(secs => :lockSeconds!), now() + make_interval(secs => :ttlSeconds!))
 * ON CONFLICT (merchant_id, key) DO UPDATE SET
 *   method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash,
 *   response_status = NULL, response_body = NULL, lock_owner = EXCLUDED.lock_owner,
 *   locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
 * WHERE idempotency_keys.expires_at < now()
 *    OR (idempotency_keys.response_status IS NULL AND idempotency_keys.locked_until < now()
 *        AND idempotency_keys.request_hash = EXCLUDED.request_hash)
 * ```
 */
export const claimKey = new PreparedQuery<IClaimKeyParams,IClaimKeyResult>(claimKeyIR);


/** 'SelectLiveKey' parameters type */
export interface ISelectLiveKeyParams {
  key: string;
  merchantId: string;
  now: DateOrString;
}

/** 'SelectLiveKey' return type */
export interface ISelectLiveKeyResult {
  requestHash: string;
  responseBody: string | null;
  responseStatus: number | null;
}

/** 'SelectLiveKey' query type */
export interface ISelectLiveKeyQuery {
  params: ISelectLiveKeyParams;
  result: ISelectLiveKeyResult;
}

const selectLiveKeyIR: any = {"usedParamSet":{"merchantId":true,"key":true,"now":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":170}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":186}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":205,"b":209}]}],"statement":"SELECT request_hash AS \"requestHash\", response_status AS \"responseStatus\", response_body AS \"responseBody\"\n  FROM gateway.idempotency_keys WHERE merchant_id = :merchantId! AND key = :key! AND expires_at > :now! LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT request_hash AS "requestHash", response_status AS "responseStatus", response_body AS "responseBody"
 *   FROM gateway.idempotency_keys WHERE merchant_id = :merchantId! AND key = :key! AND expires_at > :now! LIMIT 1
 * ```
 */
export const selectLiveKey = new PreparedQuery<ISelectLiveKeyParams,ISelectLiveKeyResult>(selectLiveKeyIR);


/** 'CompleteKey' parameters type */
export interface ICompleteKeyParams {
  body: string;
  key: string;
  merchantId: string;
  owner: string;
  status: number;
}

/** 'CompleteKey' return type */
export type ICompleteKeyResult = void;

/** 'CompleteKey' query type */
export interface ICompleteKeyQuery {
  params: ICompleteKeyParams;
  result: ICompleteKeyResult;
}

const completeKeyIR: any = {"usedParamSet":{"status":true,"body":true,"merchantId":true,"key":true,"owner":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":61}]},{"name":"body","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":85}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":159}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":171,"b":175}]},{"name":"owner","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":200}]}],"statement":"UPDATE gateway.idempotency_keys SET response_status = :status!, response_body = :body!, lock_owner = NULL, locked_until = NULL\n WHERE merchant_id = :merchantId! AND key = :key! AND lock_owner = :owner!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.idempotency_keys SET response_status = :status!, response_body = :body!, lock_owner = NULL, locked_until = NULL
 *  WHERE merchant_id = :merchantId! AND key = :key! AND lock_owner = :owner!
 * ```
 */
export const completeKey = new PreparedQuery<ICompleteKeyParams,ICompleteKeyResult>(completeKeyIR);


/** 'ReleaseKey' parameters type */
export interface IReleaseKeyParams {
  key: string;
  merchantId: string;
  owner: string;
}

/** 'ReleaseKey' return type */
export type IReleaseKeyResult = void;

/** 'ReleaseKey' query type */
export interface IReleaseKeyQuery {
  params: IReleaseKeyParams;
  result: IReleaseKeyResult;
}

const releaseKeyIR: any = {"usedParamSet":{"merchantId":true,"key":true,"owner":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":68}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":84}]},{"name":"owner","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":109}]}],"statement":"DELETE FROM gateway.idempotency_keys WHERE merchant_id = :merchantId! AND key = :key! AND lock_owner = :owner!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.idempotency_keys WHERE merchant_id = :merchantId! AND key = :key! AND lock_owner = :owner!
 * ```
 */
export const releaseKey = new PreparedQuery<IReleaseKeyParams,IReleaseKeyResult>(releaseKeyIR);


/** 'DeleteExpiredKeys' parameters type */
export interface IDeleteExpiredKeysParams {
  now: DateOrString;
}

/** 'DeleteExpiredKeys' return type */
export type IDeleteExpiredKeysResult = void;

/** 'DeleteExpiredKeys' query type */
export interface IDeleteExpiredKeysQuery {
  params: IDeleteExpiredKeysParams;
  result: IDeleteExpiredKeysResult;
}

const deleteExpiredKeysIR: any = {"usedParamSet":{"now":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":60}]}],"statement":"DELETE FROM gateway.idempotency_keys WHERE expires_at < :now!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.idempotency_keys WHERE expires_at < :now!
 * ```
 */
export const deleteExpiredKeys = new PreparedQuery<IDeleteExpiredKeysParams,IDeleteExpiredKeysResult>(deleteExpiredKeysIR);


