-- A sandbox merchant's clock runs ahead of the wall clock by offset_ms, which only grows.
-- CreateTable
CREATE TABLE "refund"."merchant_clocks" (
    "merchant_id" TEXT NOT NULL,
    "offset_ms" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchant_clocks_pkey" PRIMARY KEY ("merchant_id"),
    CONSTRAINT "merchant_clocks_offset_ms_check" CHECK ("offset_ms" >= 0)
);
