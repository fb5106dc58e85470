-- Idempotency-Keys of refund creates, kept by the service that owns refunds: a repeated create
-- (a client retry, or a gateway that died mid-request) returns the refund the key made. The key
-- is bound to the refund id when its request opens, so a repeat that arrives while the first is
-- still booking is told to retry instead of refunding twice. A request that ends without a
-- refund (released) frees its key.
CREATE TABLE "refund"."idempotency_keys" (
    "merchant_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("merchant_id", "key")
);
