-- CreateTable
CREATE TABLE "gateway"."event_stream_leases" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_stream_leases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "event_stream_leases_merchant_id_expires_at_idx" ON "gateway"."event_stream_leases"("merchant_id", "expires_at");

