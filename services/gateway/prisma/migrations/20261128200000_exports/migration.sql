-- Finance exports: the export and the chunks of its file. A completed export has its completion
-- and expiry times and no lease, and its row and chunk counts are what its chunks hold (the
-- worker writes each chunk and the counts in one transaction).
CREATE TABLE "gateway"."exports" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "filters" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "snapshot_at" TIMESTAMPTZ(3) NOT NULL,
    "position" JSONB,
    "row_count" BIGINT NOT NULL DEFAULT 0,
    "chunk_count" INTEGER NOT NULL DEFAULT 0,
    "byte_count" BIGINT NOT NULL DEFAULT 0,
    "lease_token" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "failure" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "exports_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "exports_type_check" CHECK ("type" IN ('payments', 'refunds', 'mandates', 'events')),
    CONSTRAINT "exports_format_check" CHECK ("format" IN ('csv', 'jsonl')),
    CONSTRAINT "exports_status_check" CHECK ("status" IN ('pending', 'completed', 'failed')),
    CONSTRAINT "exports_completed_check" CHECK (
      "status" <> 'completed' OR ("completed_at" IS NOT NULL AND "expires_at" IS NOT NULL AND "lease_token" IS NULL AND "chunk_count" > 0))
);

CREATE TABLE "gateway"."export_chunks" (
    "export_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "export_chunks_pkey" PRIMARY KEY ("export_id", "seq")
);

CREATE INDEX "exports_merchant_id_created_at_idx" ON "gateway"."exports"("merchant_id", "created_at");
CREATE INDEX "exports_status_lease_until_idx" ON "gateway"."exports"("status", "lease_until");

ALTER TABLE "gateway"."export_chunks" ADD CONSTRAINT "export_chunks_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "gateway"."exports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
