-- CreateTable
-- UNLOGGED (edited in after prisma migrate diff): a bucket is taken on every request, and one lost
-- in a crash is simply full again, so its writes need no WAL.
CREATE UNLOGGED TABLE "gateway"."rate_limit_buckets" (
    "merchant_id" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "updated_ms" BIGINT NOT NULL,
    "allowed" BOOLEAN NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("merchant_id")
);
