-- The schedule service's own schema: schedules, their cycles, its outbox and its merchants' clocks.
CREATE SCHEMA IF NOT EXISTS "schedule";

CREATE TABLE "schedule"."schedules" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "mandate_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "currency" TEXT NOT NULL,
    "amount_minor" BIGINT,
    "interval_unit" TEXT,
    "interval_count" INTEGER,
    "day_of_month" INTEGER,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "cycle_count" INTEGER,
    "instalments" BOOLEAN NOT NULL DEFAULT false,
    "on_limit" TEXT NOT NULL DEFAULT 'defer',
    "retry_enabled" BOOLEAN NOT NULL DEFAULT false,
    "max_retries" INTEGER NOT NULL DEFAULT 0,
    "mandate_frequency" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "cancel_cause" TEXT,
    "payments_created" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "schedules_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "schedules_status_check" CHECK ("status" IN ('active', 'paused', 'cancelled', 'completed')),
    CONSTRAINT "schedules_cancel_cause_check" CHECK (("status" = 'cancelled') = ("cancel_cause" IS NOT NULL)),
    CONSTRAINT "schedules_cause_check" CHECK ("cancel_cause" IN ('merchant', 'mandate_revoked', 'mandate_expired')),
    CONSTRAINT "schedules_amount_check" CHECK ("amount_minor" > 0),
    CONSTRAINT "schedules_shape_check" CHECK (
        ("instalments" AND "amount_minor" IS NULL AND "interval_unit" IS NULL)
        OR (NOT "instalments" AND "amount_minor" IS NOT NULL AND "interval_unit" IN ('day', 'week', 'month', 'year') AND "interval_count" >= 1)
    ),
    CONSTRAINT "schedules_day_of_month_check" CHECK ("day_of_month" BETWEEN 1 AND 28 OR "day_of_month" = -1),
    CONSTRAINT "schedules_count_check" CHECK ("cycle_count" >= 1),
    CONSTRAINT "schedules_end_check" CHECK ("end_date" >= "start_date"),
    CONSTRAINT "schedules_on_limit_check" CHECK ("on_limit" IN ('defer', 'skip')),
    CONSTRAINT "schedules_max_retries_check" CHECK ("max_retries" BETWEEN 0 AND 3)
);

CREATE INDEX "schedules_merchant_id_created_at_id_idx" ON "schedule"."schedules"("merchant_id", "created_at", "id");
CREATE INDEX "schedules_mandate_id_idx" ON "schedule"."schedules"("mandate_id");

-- One row per cycle the schedule has planned: its charge date names it, so a cycle exists once.
-- A scheduler claims due rows with FOR UPDATE SKIP LOCKED and leases them (lease_until) while it
-- creates their payments: a scheduler that dies mid-way leaves a lease that runs out.
CREATE TABLE "schedule"."cycles" (
    "schedule_id" TEXT NOT NULL,
    "charge_date" DATE NOT NULL,
    "seq" INTEGER NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "deferrals" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(3),
    "payment_id" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cycles_pkey" PRIMARY KEY ("schedule_id", "charge_date"),
    CONSTRAINT "cycles_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedule"."schedules"("id") ON DELETE CASCADE,
    CONSTRAINT "cycles_status_check" CHECK ("status" IN ('pending', 'created', 'skipped')),
    CONSTRAINT "cycles_payment_check" CHECK (("status" = 'created') = ("payment_id" IS NOT NULL)),
    CONSTRAINT "cycles_amount_check" CHECK ("amount_minor" > 0)
);

-- Exactly one payment per cycle, and a payment belongs to one cycle.
CREATE UNIQUE INDEX "cycles_payment_id_key" ON "schedule"."cycles"("payment_id");
-- The schedulers' work: pending cycles by due time.
CREATE INDEX "cycles_pending_due_at_idx" ON "schedule"."cycles"("due_at") WHERE "status" = 'pending';

CREATE TABLE "schedule"."outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "traceparent" TEXT,

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);
CREATE UNIQUE INDEX "outbox_events_event_id_key" ON "schedule"."outbox_events"("event_id");
-- The relay reads unpublished rows in seq order: a partial index holds only them.
CREATE INDEX "outbox_events_unpublished_seq_idx" ON "schedule"."outbox_events"("seq") WHERE "published_at" IS NULL;

CREATE TABLE "schedule"."merchant_clocks" (
    "merchant_id" TEXT NOT NULL,
    "offset_ms" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchant_clocks_pkey" PRIMARY KEY ("merchant_id"),
    CONSTRAINT "merchant_clocks_offset_check" CHECK ("offset_ms" >= 0)
);

-- Every committed insert into the outbox wakes the relays listening on schedule_outbox (the body's
-- statement ends are written \073: prisma migrate deploy splits a migration at every semicolon).
CREATE FUNCTION "schedule".notify_outbox() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''schedule_outbox'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER outbox_events_notify AFTER INSERT ON "schedule"."outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "schedule".notify_outbox();
