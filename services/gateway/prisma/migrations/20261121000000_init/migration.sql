-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "gateway";

-- CreateTable
CREATE TABLE "gateway"."merchants" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "payout_currency" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateway"."api_tokens" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateway"."idempotency_keys" (
    "merchant_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "lock_owner" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("merchant_id","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "gateway"."api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_merchant_id_idx" ON "gateway"."api_tokens"("merchant_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_at_idx" ON "gateway"."idempotency_keys"("expires_at");

-- AddForeignKey
ALTER TABLE "gateway"."api_tokens" ADD CONSTRAINT "api_tokens_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "gateway"."merchants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Invariants the application relies on, enforced here so no code path can break them.
ALTER TABLE "gateway"."merchants" ADD CONSTRAINT "merchants_payout_currency_check" CHECK ("payout_currency" ~ '^[A-Z]{3}$');
ALTER TABLE "gateway"."merchants" ADD CONSTRAINT "merchants_name_check" CHECK (length(btrim("name")) > 0);
ALTER TABLE "gateway"."api_tokens" ADD CONSTRAINT "api_tokens_environment_check" CHECK ("environment" IN ('sandbox', 'production'));
ALTER TABLE "gateway"."api_tokens" ADD CONSTRAINT "api_tokens_token_hash_check" CHECK ("token_hash" ~ '^[0-9a-f]{64}$');
ALTER TABLE "gateway"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_key_check" CHECK (length("key") BETWEEN 1 AND 255);
-- A row is either in flight (locked, no response yet) or completed (response, no lock).
ALTER TABLE "gateway"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_state_check" CHECK (
  ("response_status" IS NULL AND "response_body" IS NULL AND "lock_owner" IS NOT NULL AND "locked_until" IS NOT NULL)
  OR ("response_status" BETWEEN 200 AND 499 AND "response_body" IS NOT NULL AND "lock_owner" IS NULL AND "locked_until" IS NULL)
);
