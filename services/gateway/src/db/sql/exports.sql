/* @name InsertExport */
INSERT INTO gateway.exports (id, merchant_id, type, format, filters, snapshot_at)
VALUES (:id!, :merchantId!, :type!, :format!, :filters!::jsonb, :snapshotAt!)
RETURNING id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
          chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt";

/* @name SelectExport */
SELECT id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
       chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt"
  FROM gateway.exports WHERE id = :id! AND merchant_id = :merchantId!;

/* @name ClaimExport */
UPDATE gateway.exports SET lease_token = :leaseToken!, lease_until = now() + make_interval(secs => :leaseSeconds!), attempts = attempts + 1
 WHERE id = (SELECT id FROM gateway.exports
              WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())
              ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
          chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt";

/* @name AdvanceExport */
UPDATE gateway.exports
   SET chunk_count = chunk_count + 1, row_count = row_count + :rows!, byte_count = byte_count + :bytes!, position = :position::jsonb,
       lease_until = now() + make_interval(secs => :leaseSeconds!)
 WHERE id = :id! AND lease_token = :leaseToken! AND status = 'pending' AND chunk_count = :chunkCount!;

/* @name InsertExportChunk */
INSERT INTO gateway.export_chunks (export_id, seq, data) VALUES (:exportId!, :seq!, :data!);

/* @name CompleteExport */
UPDATE gateway.exports
   SET status = 'completed', completed_at = now(), expires_at = now() + make_interval(secs => :ttlSeconds!),
       lease_token = NULL, lease_until = NULL
 WHERE id = :id! AND lease_token = :leaseToken! AND status = 'pending' AND chunk_count = :chunkCount!
RETURNING id, merchant_id AS "merchantId", type, format, filters, status, snapshot_at AS "snapshotAt", position, row_count AS "rowCount",
          chunk_count AS "chunkCount", attempts, failure, created_at AS "createdAt", completed_at AS "completedAt", expires_at AS "expiresAt";

/* @name FailExport */
UPDATE gateway.exports SET status = 'failed', failure = :failure!, lease_token = NULL, lease_until = NULL WHERE id = :id! AND status = 'pending';

/* @name DeleteExportChunks */
DELETE FROM gateway.export_chunks WHERE export_id = :exportId!;

/* @name SelectExportChunk */
SELECT data FROM gateway.export_chunks WHERE export_id = :exportId! AND seq = :seq!;

/* @name DeleteExpiredExports */
DELETE FROM gateway.exports WHERE expires_at <= now();
