/** Types generated for queries found in "src/db/sql/event-stream-leases.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'LockMerchantLeases' parameters type */
export interface ILockMerchantLeasesParams {
  merchantId: string;
}

/** 'LockMerchantLeases' return type */
export interface ILockMerchantLeasesResult {
  locked: string | null;
}

/** 'LockMerchantLeases' query type */
export interface ILockMerchantLeasesQuery {
  params: ILockMerchantLeasesParams;
  result: ILockMerchantLeasesResult;
}

const lockMerchantLeasesIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":71,"b":82}]}],"statement":"SELECT pg_advisory_xact_lock(hashtext('event-stream-leases'), hashtext(:merchantId!))::text AS locked"};

/**
 * Query generated from SQL:
 * ```
 * SELECT pg_advisory_xact_lock(hashtext('event-stream-leases'), hashtext(:merchantId!))::text AS locked
 * ```
 */
export const lockMerchantLeases = new PreparedQuery<ILockMerchantLeasesParams,ILockMerchantLeasesResult>(lockMerchantLeasesIR);


/** 'DeleteExpiredLeasesOf' parameters type */
export interface IDeleteExpiredLeasesOfParams {
  merchantId: string;
}

/** 'DeleteExpiredLeasesOf' return type */
export type IDeleteExpiredLeasesOfResult = void;

/** 'DeleteExpiredLeasesOf' query type */
export interface IDeleteExpiredLeasesOfQuery {
  params: IDeleteExpiredLeasesOfParams;
  result: IDeleteExpiredLeasesOfResult;
}

const deleteExpiredLeasesOfIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":71}]}],"statement":"DELETE FROM gateway.event_stream_leases WHERE merchant_id = :merchantId! AND expires_at <= now()"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.event_stream_leases WHERE merchant_id = :merchantId! AND expires_at <= now()
 * ```
 */
export const deleteExpiredLeasesOf = new PreparedQuery<IDeleteExpiredLeasesOfParams,IDeleteExpiredLeasesOfResult>(deleteExpiredLeasesOfIR);


/** 'CountLeases' parameters type */
export interface ICountLeasesParams {
  merchantId: string;
}

/** 'CountLeases' return type */
export interface ICountLeasesResult {
  n: number;
}

/** 'CountLeases' query type */
export interface ICountLeasesQuery {
  params: ICountLeasesParams;
  result: ICountLeasesResult;
}

const countLeasesIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":93}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM gateway.event_stream_leases WHERE merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM gateway.event_stream_leases WHERE merchant_id = :merchantId!
 * ```
 */
export const countLeases = new PreparedQuery<ICountLeasesParams,ICountLeasesResult>(countLeasesIR);


/** 'InsertLease' parameters type */
export interface IInsertLeaseParams {
  id: string;
  merchantId: string;
  ttlSeconds: number;
}

/** 'InsertLease' return type */
export type IInsertLeaseResult = void;

/** 'InsertLease' query type */
export interface IInsertLeaseQuery {
  params: IInsertLeaseParams;
  result: IInsertLeaseResult;
}

const insertLeaseIR: any = {"usedParamSet":{"id":true,"merchantId":true,"ttlSeconds":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":81}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":95}]},{"name":"ttlSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":139}]}],"statement":"INSERT INTO gateway.event_stream_leases (id, merchant_id, expires_at) VALUES (:id!, :merchantId!, now() + make_interval(secs => :ttlSeconds!))"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.event_stream_leases (id, merchant_id, expires_at) VALUES (:id!, :merchantId!, now() + make_interval(secs => :ttlSeconds!))
 * ```
 */
export const insertLease = new PreparedQuery<IInsertLeaseParams,IInsertLeaseResult>(insertLeaseIR);


/** 'RenewLease' parameters type */
export interface IRenewLeaseParams {
  id: string;
  ttlSeconds: number;
}

/** 'RenewLease' return type */
export type IRenewLeaseResult = void;

/** 'RenewLease' query type */
export interface IRenewLeaseQuery {
  params: IRenewLeaseParams;
  result: IRenewLeaseResult;
}

const renewLeaseIR: any = {"usedParamSet":{"ttlSeconds":true,"id":true},"params":[{"name":"ttlSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":93}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":110}]}],"statement":"UPDATE gateway.event_stream_leases SET expires_at = now() + make_interval(secs => :ttlSeconds!) WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.event_stream_leases SET expires_at = now() + make_interval(secs => :ttlSeconds!) WHERE id = :id!
 * ```
 */
export const renewLease = new PreparedQuery<IRenewLeaseParams,IRenewLeaseResult>(renewLeaseIR);


/** 'DeleteLease' parameters type */
export interface IDeleteLeaseParams {
  id: string;
}

/** 'DeleteLease' return type */
export type IDeleteLeaseResult = void;

/** 'DeleteLease' query type */
export interface IDeleteLeaseQuery {
  params: IDeleteLeaseParams;
  result: IDeleteLeaseResult;
}

const deleteLeaseIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":54}]}],"statement":"DELETE FROM gateway.event_stream_leases WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.event_stream_leases WHERE id = :id!
 * ```
 */
export const deleteLease = new PreparedQuery<IDeleteLeaseParams,IDeleteLeaseResult>(deleteLeaseIR);


/** 'DeleteExpiredLeases' parameters type */
export interface IDeleteExpiredLeasesParams {
  now: DateOrString;
}

/** 'DeleteExpiredLeases' return type */
export type IDeleteExpiredLeasesResult = void;

/** 'DeleteExpiredLeases' query type */
export interface IDeleteExpiredLeasesQuery {
  params: IDeleteExpiredLeasesParams;
  result: IDeleteExpiredLeasesResult;
}

const deleteExpiredLeasesIR: any = {"usedParamSet":{"now":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":64}]}],"statement":"DELETE FROM gateway.event_stream_leases WHERE expires_at <= :now!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.event_stream_leases WHERE expires_at <= :now!
 * ```
 */
export const deleteExpiredLeases = new PreparedQuery<IDeleteExpiredLeasesParams,IDeleteExpiredLeasesResult>(deleteExpiredLeasesIR);


