-- Idempotency-Keys of payment creates, kept by the service that owns payments: a repeated create
-- (a client retry, or a gateway that died mid-request) returns the payment the key made. The row
-- commits with the payment, so a key can never point at a payment that does not exist.
CREATE TABLE "payment"."idempotency_keys" (
    "merchant_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("merchant_id", "key")
);
