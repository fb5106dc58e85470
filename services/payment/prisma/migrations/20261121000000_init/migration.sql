-- The payment schema, generated with prisma migrate diff, plus the hand-written invariants at the end.

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "payment";

-- CreateTable
CREATE TABLE "payment"."payments" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "mandate_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "clearing_status" TEXT NOT NULL,
    "settlement_date" DATE,
    "failure_code" TEXT,
    "retry_count" INTEGER NOT NULL DEFAULT 0,
    "amount_refunded_minor" BIGINT NOT NULL DEFAULT 0,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "period_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL,
    "bank_acked_at" TIMESTAMPTZ(3),

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment"."payment_timeline" (
    "seq" BIGSERIAL NOT NULL,
    "payment_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_timeline_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "payment"."refund_allocations" (
    "refund_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_at" TIMESTAMPTZ(3),

    CONSTRAINT "refund_allocations_pkey" PRIMARY KEY ("refund_id")
);

-- CreateTable
CREATE TABLE "payment"."outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "payments_merchant_id_created_at_id_idx" ON "payment"."payments"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "payments_merchant_id_amount_minor_created_at_id_idx" ON "payment"."payments"("merchant_id", "amount_minor", "created_at", "id");

-- CreateIndex
CREATE INDEX "payments_merchant_id_mandate_id_created_at_id_idx" ON "payment"."payments"("merchant_id", "mandate_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "payments_merchant_id_status_created_at_id_idx" ON "payment"."payments"("merchant_id", "status", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_merchant_id_id_key" ON "payment"."payments"("merchant_id", "id");

-- CreateIndex
CREATE INDEX "payment_timeline_payment_id_seq_idx" ON "payment"."payment_timeline"("payment_id", "seq");

-- CreateIndex
CREATE INDEX "refund_allocations_payment_id_idx" ON "payment"."refund_allocations"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "payment"."outbox_events"("event_id");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "payment"."outbox_events"("published_at", "seq");

-- AddForeignKey
ALTER TABLE "payment"."payment_timeline" ADD CONSTRAINT "payment_timeline_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payment"."payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment"."refund_allocations" ADD CONSTRAINT "refund_allocations_merchant_id_payment_id_fkey" FOREIGN KEY ("merchant_id", "payment_id") REFERENCES "payment"."payments"("merchant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Hand-written: the lifecycle's vocabulary and the facts each status implies.
ALTER TABLE "payment"."payments"
  ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('submitted', 'settled', 'failed', 'refunded')),
  ADD CONSTRAINT "payments_clearing_status_check" CHECK ("clearing_status" IN ('pending', 'clearing', 'cleared', 'rejected')),
  ADD CONSTRAINT "payments_amount_minor_check" CHECK ("amount_minor" > 0),
  ADD CONSTRAINT "payments_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  ADD CONSTRAINT "payments_retry_count_check" CHECK ("retry_count" BETWEEN 0 AND 3),
  ADD CONSTRAINT "payments_amount_refunded_check" CHECK ("amount_refunded_minor" >= 0 AND "amount_refunded_minor" <= "amount_minor"),
  ADD CONSTRAINT "payments_refunded_check" CHECK (("status" = 'refunded') = ("amount_refunded_minor" = "amount_minor")),
  ADD CONSTRAINT "payments_refund_needs_settlement_check" CHECK ("amount_refunded_minor" = 0 OR "status" IN ('settled', 'refunded')),
  ADD CONSTRAINT "payments_settled_check" CHECK (("status" IN ('settled', 'refunded')) = ("settlement_date" IS NOT NULL)),
  ADD CONSTRAINT "payments_failed_check" CHECK (("status" = 'failed') = ("failure_code" IS NOT NULL)),
  ADD CONSTRAINT "payments_metadata_check" CHECK (jsonb_typeof("metadata") = 'object');

ALTER TABLE "payment"."refund_allocations"
  ADD CONSTRAINT "refund_allocations_amount_minor_check" CHECK ("amount_minor" > 0);

ALTER TABLE "payment"."payment_timeline"
  ADD CONSTRAINT "payment_timeline_status_check" CHECK ("status" IN ('submitted', 'settled', 'failed', 'refunded'));

-- Hand-written: only one open (submitted) payment per mandate. Created before the period index
-- so that, when both are violated, Postgres reports this one (indexes are checked in OID order).
CREATE UNIQUE INDEX "payments_one_open_per_mandate" ON "payment"."payments"("mandate_id") WHERE "status" = 'submitted';

-- Hand-written: the mandate's frequency limit, at most one payment that has not failed per period.
CREATE UNIQUE INDEX "payments_one_per_period" ON "payment"."payments"("mandate_id", "period_key")
  WHERE "status" <> 'failed' AND "period_key" IS NOT NULL;

-- Hand-written: the resubmission sweeper scans only unacknowledged open payments.
CREATE INDEX "payments_unacked_submitted_at_idx" ON "payment"."payments"("submitted_at")
  WHERE "status" = 'submitted' AND "bank_acked_at" IS NULL;
