-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "refund";

-- CreateTable
CREATE TABLE "refund"."refund_requests" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "state" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refund_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refund"."refunds" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "timeline" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expected_settlement_date" DATE NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "bank_reference" TEXT,
    "allocation_released_at" TIMESTAMPTZ(3),

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refund"."outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "refunds_merchant_id_created_at_id_idx" ON "refund"."refunds"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "refunds_merchant_id_amount_minor_created_at_id_idx" ON "refund"."refunds"("merchant_id", "amount_minor", "created_at", "id");

-- CreateIndex
CREATE INDEX "refunds_merchant_id_payment_id_created_at_id_idx" ON "refund"."refunds"("merchant_id", "payment_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "refunds_merchant_id_status_created_at_id_idx" ON "refund"."refunds"("merchant_id", "status", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "refund"."outbox_events"("event_id");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "refund"."outbox_events"("published_at", "seq");

-- AddForeignKey
ALTER TABLE "refund"."refunds" ADD CONSTRAINT "refunds_id_fkey" FOREIGN KEY ("id") REFERENCES "refund"."refund_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Hand-written: invariants Prisma's schema language cannot express.

-- The request lifecycle's vocabulary (0 requests "all that is still refundable").
ALTER TABLE "refund"."refund_requests"
  ADD CONSTRAINT "refund_requests_state_check" CHECK ("state" IN ('open', 'completed', 'abandoned', 'released')),
  ADD CONSTRAINT "refund_requests_amount_minor_check" CHECK ("amount_minor" >= 0);

-- A refund belongs to the same merchant and payment as the request that booked it.
CREATE UNIQUE INDEX "refund_requests_id_merchant_id_payment_id_key" ON "refund"."refund_requests"("id", "merchant_id", "payment_id");
ALTER TABLE "refund"."refunds" ADD CONSTRAINT "refunds_request_owner_fkey"
  FOREIGN KEY ("id", "merchant_id", "payment_id") REFERENCES "refund"."refund_requests"("id", "merchant_id", "payment_id");

-- The refund lifecycle's vocabulary and the facts each status implies.
ALTER TABLE "refund"."refunds"
  ADD CONSTRAINT "refunds_status_check" CHECK ("status" IN ('pending_settlement', 'settled', 'failed')),
  ADD CONSTRAINT "refunds_amount_minor_check" CHECK ("amount_minor" > 0),
  ADD CONSTRAINT "refunds_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  ADD CONSTRAINT "refunds_settled_check" CHECK (("status" = 'settled') = ("settled_at" IS NOT NULL)),
  ADD CONSTRAINT "refunds_failed_check" CHECK (("status" = 'failed') = ("failed_at" IS NOT NULL)),
  ADD CONSTRAINT "refunds_released_check" CHECK ("allocation_released_at" IS NULL OR "status" = 'failed'),
  ADD CONSTRAINT "refunds_metadata_check" CHECK (jsonb_typeof("metadata") = 'object'),
  ADD CONSTRAINT "refunds_timeline_check" CHECK (jsonb_typeof("timeline") = 'array');

-- Sweepers scan only the rows with work left, oldest first.
CREATE INDEX "refund_requests_unfinished_created_at_idx" ON "refund"."refund_requests"("created_at") WHERE "state" IN ('open', 'abandoned');
CREATE INDEX "refunds_unacknowledged_created_at_idx" ON "refund"."refunds"("created_at") WHERE "status" = 'pending_settlement' AND "bank_reference" IS NULL;
CREATE INDEX "refunds_unreleased_failed_at_idx" ON "refund"."refunds"("failed_at") WHERE "status" = 'failed' AND "allocation_released_at" IS NULL;
