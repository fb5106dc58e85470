-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "webhook";

-- CreateTable
CREATE TABLE "webhook"."endpoints" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "enabled_events" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'enabled',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "disabled_at" TIMESTAMPTZ(3),
    "secret_ciphertext" TEXT NOT NULL,
    "secret_rotated_at" TIMESTAMPTZ(3) NOT NULL,
    "previous_secret_ciphertext" TEXT,
    "previous_secret_valid_until" TIMESTAMPTZ(3),

    CONSTRAINT "endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook"."events" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "data" TEXT NOT NULL,
    "test" BOOLEAN NOT NULL DEFAULT false,
    "delivery_status" TEXT NOT NULL DEFAULT 'pending',
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook"."deliveries" (
    "id" BIGSERIAL NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 9,
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook"."attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "event_id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "status_code" INTEGER NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT NOT NULL DEFAULT '',
    "success" BOOLEAN NOT NULL,

    CONSTRAINT "attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "endpoints_merchant_id_created_at_id_idx" ON "webhook"."endpoints"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_merchant_id_created_at_id_idx" ON "webhook"."events"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_merchant_id_event_type_created_at_id_idx" ON "webhook"."events"("merchant_id", "event_type", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_merchant_id_delivery_status_created_at_id_idx" ON "webhook"."events"("merchant_id", "delivery_status", "created_at", "id");

-- CreateIndex
CREATE INDEX "deliveries_endpoint_id_idx" ON "webhook"."deliveries"("endpoint_id");

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_event_id_endpoint_id_key" ON "webhook"."deliveries"("event_id", "endpoint_id");

-- CreateIndex
CREATE INDEX "attempts_event_id_attempted_at_idx" ON "webhook"."attempts"("event_id", "attempted_at");

-- CreateIndex
CREATE UNIQUE INDEX "attempts_delivery_id_attempt_key" ON "webhook"."attempts"("delivery_id", "attempt");

-- AddForeignKey
ALTER TABLE "webhook"."deliveries" ADD CONSTRAINT "deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook"."events"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook"."deliveries" ADD CONSTRAINT "deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook"."endpoints"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook"."attempts" ADD CONSTRAINT "attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook"."deliveries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Invariants Prisma's schema language cannot express, so the database enforces them.
ALTER TABLE "webhook"."endpoints"
  ADD CONSTRAINT "endpoints_status_check" CHECK ("status" IN ('enabled', 'disabled')),
  ADD CONSTRAINT "endpoints_previous_secret_pair_check"
    CHECK (("previous_secret_ciphertext" IS NULL) = ("previous_secret_valid_until" IS NULL));

ALTER TABLE "webhook"."events"
  ADD CONSTRAINT "events_delivery_status_check"
    CHECK ("delivery_status" IN ('pending', 'delivered', 'retrying', 'delivery_failed'));

-- A delivery waits for an attempt exactly when it is pending or retrying, and never exceeds its budget.
ALTER TABLE "webhook"."deliveries"
  ADD CONSTRAINT "deliveries_status_check" CHECK ("status" IN ('pending', 'retrying', 'delivered', 'failed')),
  ADD CONSTRAINT "deliveries_attempts_check" CHECK ("attempt_count" >= 0 AND "attempt_count" <= "max_attempts"),
  ADD CONSTRAINT "deliveries_schedule_check"
    CHECK (("status" IN ('pending', 'retrying')) = ("next_attempt_at" IS NOT NULL));

ALTER TABLE "webhook"."attempts"
  ADD CONSTRAINT "attempts_attempt_check" CHECK ("attempt" >= 1),
  ADD CONSTRAINT "attempts_latency_check" CHECK ("latency_ms" >= 0);

-- The worker's "what is due" scan only ever looks at waiting deliveries.
CREATE INDEX "deliveries_due_idx" ON "webhook"."deliveries"("next_attempt_at") WHERE "next_attempt_at" IS NOT NULL;
