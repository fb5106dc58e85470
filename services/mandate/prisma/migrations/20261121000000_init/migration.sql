-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "mandate";

-- CreateTable
CREATE TABLE "mandate"."customers" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "sca_completed" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mandate"."mandates" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "maximum_amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "frequency" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by" TEXT,
    "suspended_at" TIMESTAMPTZ(3),

    CONSTRAINT "mandates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mandate"."outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "customers_merchant_id_id_idx" ON "mandate"."customers"("merchant_id", "id");

-- CreateIndex
CREATE INDEX "mandates_merchant_id_created_at_id_idx" ON "mandate"."mandates"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "mandates_merchant_id_maximum_amount_minor_created_at_id_idx" ON "mandate"."mandates"("merchant_id", "maximum_amount_minor", "created_at", "id");

-- CreateIndex
CREATE INDEX "mandates_merchant_id_customer_id_created_at_idx" ON "mandate"."mandates"("merchant_id", "customer_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "mandate"."outbox_events"("event_id");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "mandate"."outbox_events"("published_at", "seq");

-- AddForeignKey
ALTER TABLE "mandate"."mandates" ADD CONSTRAINT "mandates_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "mandate"."customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

