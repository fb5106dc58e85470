/** Types generated for queries found in "src/db/sql/exports.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'InsertExport' parameters type */
export interface IInsertExportParams {
  filters: Json;
  format: string;
  id: string;
  merchantId: string;
  snapshotAt: DateOrString;
  type: string;
}

/** 'InsertExport' return type */
export interface IInsertExportResult {
  attempts: number;
  chunkCount: number;
  completedAt: Date | null;
  createdAt: Date;
  expiresAt: Date | null;
  failure: string | null;
  filters: Json;
  format: string;
  id: string;
  merchantId: string;
  position: Json | null;
  rowCount: string;
  snapshotAt: Date;
  status: string;
  type: string;
}

/** 'InsertExport' query type */
export interface IInsertExportQuery {
  params: IInsertExportParams;
  result: IInsertExportResult;
}

const insertExportIR: any = {"usedParamSet":{"id":true,"merchantId":true,"type":true,"format":true,"filters":true,"snapshotAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":93}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":107}]},{"name":"type","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":115}]},{"name":"format","required":true,"transform":{"type":"scalar"},"locs":[{"a":118,"b":125}]},{"name":"filters","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":136}]},{"name":"snapshotAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":157}]}],"statement":"INSERT INTO gateway.exports (id, merchant_id, type, format, filters, snapshot_at)\nVALUES (:id!, :merchantId!, :type!, :format!, :filters!::jsonb, :snapshotAt!)\nRETURNING id, merchant_id AS \"merchantId\", type, format, filters, status, snapshot_at AS \"snapshotAt\", position, row_count AS \"rowCount\",\n          chunk_count AS \"chunkCount\", attempts, failure, created_at AS \"createdAt\", completed_at AS \"completedAt\", expires_at AS \"expiresAt\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.exports (id, merchant_id, type, format, filters, snapshot_at)
 * VALUES (:id!, :merchantId!, :type!, :format!, :filters!::jsonb, :snapshotAt!)
 * RETURNING id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
 *           chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt"
 * ```
 */
export const insertExport = new PreparedQuery<IInsertExportParams,IInsertExportResult>(insertExportIR);


/** 'SelectExport' parameters type */
export interface ISelectExportParams {
  id: string;
  merchantId: string;
}

/** 'SelectExport' return type */
export interface ISelectExportResult {
  attempts: number;
  chunkCount: number;
  completedAt: Date | null;
  createdAt: Date;
  expiresAt: Date | null;
  failure: string | null;
  filters: Json;
  format: string;
  id: string;
  merchantId: string;
  position: Json | null;
  rowCount: string;
  snapshotAt: Date;
  status: string;
  type: string;
}

/** 'SelectExport' query type */
export interface ISelectExportQuery {
  params: ISelectExportParams;
  result: ISelectExportResult;
}

const selectExportIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":311}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":331,"b":342}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", type, format, filters, status, snapshot_at AS \"snapshotAt\", position, row_count AS \"rowCount\",\n       chunk_count AS \"chunkCount\", attempts, failure, created_at AS \"createdAt\", completed_at AS \"completedAt\", expires_at AS \"expiresAt\"\n  FROM gateway.exports WHERE id = :id! AND merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
 *        chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt"
 *   FROM gateway.exports WHERE id = :id! AND merchant_id = :merchantId!
 * ```
 */
export const selectExport = new PreparedQuery<ISelectExportParams,ISelectExportResult>(selectExportIR);


/** 'ClaimExport' parameters type */
export interface IClaimExportParams {
  leaseSeconds: number;
  leaseToken: string;
}

/** 'ClaimExport' return type */
export interface IClaimExportResult {
  attempts: number;
  chunkCount: number;
  completedAt: Date | null;
  createdAt: Date;
  expiresAt: Date | null;
  failure: string | null;
  filters: Json;
  format: string;
  id: string;
  merchantId: string;
  position: Json | null;
  rowCount: string;
  snapshotAt: Date;
  status: string;
  type: string;
}

/** 'ClaimExport' query type */
export interface IClaimExportQuery {
  params: IClaimExportParams;
  result: IClaimExportResult;
}

const claimExportIR: any = {"usedParamSet":{"leaseToken":true,"leaseSeconds":true},"params":[{"name":"leaseToken","required":true,"transform":{"type":"scalar"},"locs":[{"a":41,"b":52}]},{"name":"leaseSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":112}]}],"statement":"UPDATE gateway.exports SET lease_token = :leaseToken!, lease_until = now() + make_interval(secs => :leaseSeconds!), attempts = attempts + 1\n WHERE id = (SELECT id FROM gateway.exports\n              WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())\n              ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)\nRETURNING id, merchant_id AS \"merchantId\", type, format, filters, status, snapshot_at AS \"snapshotAt\", position, row_count AS \"rowCount\",\n          chunk_count AS \"chunkCount\", attempts, failure, created_at AS \"createdAt\", completed_at AS \"completedAt\", expires_at AS \"expiresAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.exports SET lease_token = :leaseToken!, lease_until = now() + make_interval(secs => :leaseSeconds!), attempts = attempts + 1
 *  WHERE id = (SELECT id FROM gateway.exports
 *               WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())
 *               ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
 * RETURNING id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
 *           chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt"
 * ```
 */
export const claimExport = new PreparedQuery<IClaimExportParams,IClaimExportResult>(claimExportIR);


/** 'AdvanceExport' parameters type */
export interface IAdvanceExportParams {
  bytes: NumberOrString;
  chunkCount: number;
  id: string;
  leaseSeconds: number;
  leaseToken: string;
  position?: Json | null | void;
  rows: NumberOrString;
}

/** 'AdvanceExport' return type */
export type IAdvanceExportResult = void;

/** 'AdvanceExport' query type */
export interface IAdvanceExportQuery {
  params: IAdvanceExportParams;
  result: IAdvanceExportResult;
}

const advanceExportIR: any = {"usedParamSet":{"rows":true,"bytes":true,"position":true,"leaseSeconds":true,"id":true,"leaseToken":true,"chunkCount":true},"params":[{"name":"rows","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":90}]},{"name":"bytes","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":125}]},{"name":"position","required":false,"transform":{"type":"scalar"},"locs":[{"a":139,"b":147}]},{"name":"leaseSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":221}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":239}]},{"name":"leaseToken","required":true,"transform":{"type":"scalar"},"locs":[{"a":259,"b":270}]},{"name":"chunkCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":324}]}],"statement":"UPDATE gateway.exports\n   SET chunk_count = chunk_count + 1, row_count = row_count + :rows!, byte_count = byte_count + :bytes!, position = :position::jsonb,\n       lease_until = now() + make_interval(secs => :leaseSeconds!)\n WHERE id = :id! AND lease_token = :leaseToken! AND status = 'pending' AND chunk_count = :chunkCount!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.exports
 *    SET chunk_count = chunk_count + 1, row_count = row_count + :rows!, byte_count = byte_count + :bytes!, position = :position::jsonb,
 *        lease_until = now() + make_interval(secs => :leaseSeconds!)
 *  WHERE id = :id! AND lease_token = :leaseToken! AND status = 'pending' AND chunk_count = :chunkCount!
 * ```
 */
export const advanceExport = new PreparedQuery<IAdvanceExportParams,IAdvanceExportResult>(advanceExportIR);


/** 'InsertExportChunk' parameters type */
export interface IInsertExportChunkParams {
  data: Buffer;
  exportId: string;
  seq: number;
}

/** 'InsertExportChunk' return type */
export type IInsertExportChunkResult = void;

/** 'InsertExportChunk' query type */
export interface IInsertExportChunkQuery {
  params: IInsertExportChunkParams;
  result: IInsertExportChunkResult;
}

const insertExportChunkIR: any = {"usedParamSet":{"exportId":true,"seq":true,"data":true},"params":[{"name":"exportId","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":74}]},{"name":"seq","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":81}]},{"name":"data","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":89}]}],"statement":"INSERT INTO gateway.export_chunks (export_id, seq, data) VALUES (:exportId!, :seq!, :data!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.export_chunks (export_id, seq, data) VALUES (:exportId!, :seq!, :data!)
 * ```
 */
export const insertExportChunk = new PreparedQuery<IInsertExportChunkParams,IInsertExportChunkResult>(insertExportChunkIR);


/** 'CompleteExport' parameters type */
export interface ICompleteExportParams {
  chunkCount: number;
  id: string;
  leaseToken: string;
  ttlSeconds: number;
}

/** 'CompleteExport' return type */
export interface ICompleteExportResult {
  attempts: number;
  chunkCount: number;
  completedAt: Date | null;
  createdAt: Date;
  expiresAt: Date | null;
  failure: string | null;
  filters: Json;
  format: string;
  id: string;
  merchantId: string;
  position: Json | null;
  rowCount: string;
  snapshotAt: Date;
  status: string;
  type: string;
}

/** 'CompleteExport' query type */
export interface ICompleteExportQuery {
  params: ICompleteExportParams;
  result: ICompleteExportResult;
}

const completeExportIR: any = {"usedParamSet":{"ttlSeconds":true,"id":true,"leaseToken":true,"chunkCount":true},"params":[{"name":"ttlSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":128}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":190,"b":193}]},{"name":"leaseToken","required":true,"transform":{"type":"scalar"},"locs":[{"a":213,"b":224}]},{"name":"chunkCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":267,"b":278}]}],"statement":"UPDATE gateway.exports\n   SET status = 'completed', completed_at = now(), expires_at = now() + make_interval(secs => :ttlSeconds!),\n       lease_token = NULL, lease_until = NULL\n WHERE id = :id! AND lease_token = :leaseToken! AND status = 'pending' AND chunk_count = :chunkCount!\nRETURNING id, merchant_id AS \"merchantId\", type, format, filters, status, snapshot_at AS \"snapshotAt\", position, row_count AS \"rowCount\",\n          chunk_count AS \"chunkCount\", attempts, failure, created_at AS \"createdAt\", completed_at AS \"completedAt\", expires_at AS \"expiresAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.exports
 *    SET status = 'completed', completed_at = now(), expires_at = now() + make_interval(secs => :ttlSeconds!),
 *        lease_token = NULL, lease_until = NULL
 *  WHERE id = :id! AND lease_token = :leaseToken! AND status = 'pending' AND chunk_count = :chunkCount!
 * RETURNING id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
 *           chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt"
 * ```
 */
export const completeExport = new PreparedQuery<ICompleteExportParams,ICompleteExportResult>(completeExportIR);


/** 'FailExport' parameters type */
export interface IFailExportParams {
  failure: string;
  id: string;
}

/** 'FailExport' return type */
export type IFailExportResult = void;

/** 'FailExport' query type */
export interface IFailExportQuery {
  params: IFailExportParams;
  result: IFailExportResult;
}

const failExportIR: any = {"usedParamSet":{"failure":true,"id":true},"params":[{"name":"failure","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":64}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":120}]}],"statement":"UPDATE gateway.exports SET status = 'failed', failure = :failure!, lease_token = NULL, lease_until = NULL WHERE id = :id! AND status = 'pending'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.exports SET status = 'failed', failure = :failure!, lease_token = NULL, lease_until = NULL WHERE id = :id! AND status = 'pending'
 * ```
 */
export const failExport = new PreparedQuery<IFailExportParams,IFailExportResult>(failExportIR);


/** 'DeleteExportChunks' parameters type */
export interface IDeleteExportChunksParams {
  exportId: string;
}

/** 'DeleteExportChunks' return type */
export type IDeleteExportChunksResult = void;

/** 'DeleteExportChunks' query type */
export interface IDeleteExportChunksQuery {
  params: IDeleteExportChunksParams;
  result: IDeleteExportChunksResult;
}

const deleteExportChunksIR: any = {"usedParamSet":{"exportId":true},"params":[{"name":"exportId","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":61}]}],"statement":"DELETE FROM gateway.export_chunks WHERE export_id = :exportId!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.export_chunks WHERE export_id = :exportId!
 * ```
 */
export const deleteExportChunks = new PreparedQuery<IDeleteExportChunksParams,IDeleteExportChunksResult>(deleteExportChunksIR);


/** 'SelectExportChunk' parameters type */
export interface ISelectExportChunkParams {
  exportId: string;
  seq: number;
}

/** 'SelectExportChunk' return type */
export interface ISelectExportChunkResult {
  data: Buffer;
}

/** 'SelectExportChunk' query type */
export interface ISelectExportChunkQuery {
  params: ISelectExportChunkParams;
  result: ISelectExportChunkResult;
}

const selectExportChunkIR: any = {"usedParamSet":{"exportId":true,"seq":true},"params":[{"name":"exportId","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":66}]},{"name":"seq","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":82}]}],"statement":"SELECT data FROM gateway.export_chunks WHERE export_id = :exportId! AND seq = :seq!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT data FROM gateway.export_chunks WHERE export_id = :exportId! AND seq = :seq!
 * ```
 */
export const selectExportChunk = new PreparedQuery<ISelectExportChunkParams,ISelectExportChunkResult>(selectExportChunkIR);


/** 'DeleteExpiredExports' parameters type */
export type IDeleteExpiredExportsParams = void;

/** 'DeleteExpiredExports' return type */
export type IDeleteExpiredExportsResult = void;

/** 'DeleteExpiredExports' query type */
export interface IDeleteExpiredExportsQuery {
  params: IDeleteExpiredExportsParams;
  result: IDeleteExpiredExportsResult;
}

const deleteExpiredExportsIR: any = {"usedParamSet":{},"params":[],"statement":"DELETE FROM gateway.exports WHERE expires_at <= now()"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.exports WHERE expires_at <= now()
 * ```
 */
export const deleteExpiredExports = new PreparedQuery<IDeleteExpiredExportsParams,IDeleteExpiredExportsResult>(deleteExpiredExportsIR);


