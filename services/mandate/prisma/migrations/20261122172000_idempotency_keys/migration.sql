-- Idempotency-Keys of mandate creates, kept by the service that owns mandates: a repeated create
-- (a client retry, or a gateway that died mid-request) returns the mandate the key made. The row
-- commits with the mandate, so a key can never point at a mandate that does not exist.
CREATE TABLE "mandate"."idempotency_keys" (
    "merchant_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("merchant_id", "key")
);
