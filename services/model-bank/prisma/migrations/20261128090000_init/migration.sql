-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "model_bank";

-- CreateTable
CREATE TABLE "model_bank"."accounts" (
    "id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "customer_ref" TEXT NOT NULL,
    "sort_code" TEXT NOT NULL,
    "account_number" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "balance_minor" BIGINT NOT NULL,
    "reserved_minor" BIGINT NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'open',
    "switched_to" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "accounts_balance_minor_check" CHECK ("balance_minor" >= 0),
    CONSTRAINT "accounts_reserved_minor_check" CHECK ("reserved_minor" >= 0),
    CONSTRAINT "accounts_status_check" CHECK ("status" IN ('open', 'closed', 'blocked', 'switched')),
    CONSTRAINT "accounts_sort_code_check" CHECK ("sort_code" ~ '^[0-9]{6}$'),
    CONSTRAINT "accounts_account_number_check" CHECK ("account_number" ~ '^[0-9]{8}$'),
    CONSTRAINT "accounts_switched_to_check" CHECK (("status" = 'switched') = ("switched_to" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "model_bank"."consents" (
    "id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "status_reasons" JSONB,
    "read_refund_account" TEXT,
    "control_parameters" JSONB NOT NULL,
    "initiation" JSONB NOT NULL,
    "risk" JSONB NOT NULL,
    "customer_ref" TEXT NOT NULL,
    "clock_key" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "max_individual_minor" BIGINT NOT NULL,
    "account_id" TEXT,
    "grant_id" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "creation_date_time" TIMESTAMPTZ(3) NOT NULL,
    "status_update_date_time" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "consents_status_check" CHECK ("status" IN ('AWAU', 'AUTH', 'RJCT', 'CANC', 'EXPD')),
    CONSTRAINT "consents_account_check" CHECK ("status" <> 'AUTH' OR "account_id" IS NOT NULL),
    CONSTRAINT "consents_max_individual_minor_check" CHECK ("max_individual_minor" > 0)
);

-- CreateTable
CREATE TABLE "model_bank"."domestic_vrps" (
    "id" TEXT NOT NULL,
    "consent_id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "status_reasons" JSONB,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "risk" JSONB NOT NULL,
    "account_id" TEXT,
    "clock_key" TEXT NOT NULL,
    "creation_date_time" TIMESTAMPTZ(3) NOT NULL,
    "status_update_date_time" TIMESTAMPTZ(3) NOT NULL,
    "settle_due_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "domestic_vrps_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "domestic_vrps_status_check" CHECK ("status" IN ('ACTC', 'ACSC', 'RJCT')),
    CONSTRAINT "domestic_vrps_amount_minor_check" CHECK ("amount_minor" > 0)
);

-- CreateTable
CREATE TABLE "model_bank"."payouts" (
    "id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "status_reasons" JSONB,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "creditor_account_id" TEXT,
    "clock_key" TEXT NOT NULL,
    "creation_date_time" TIMESTAMPTZ(3) NOT NULL,
    "status_update_date_time" TIMESTAMPTZ(3) NOT NULL,
    "settle_due_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payouts_status_check" CHECK ("status" IN ('ACTC', 'ACSC', 'RJCT')),
    CONSTRAINT "payouts_amount_minor_check" CHECK ("amount_minor" > 0)
);

-- CreateTable
CREATE TABLE "model_bank"."idempotency_keys" (
    "client_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "body_hash" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("client_id","operation","key")
);

-- CreateTable
CREATE TABLE "model_bank"."event_notifications" (
    "id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "claims" JSONB NOT NULL,
    "interaction_id" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "model_bank"."oidc_payloads" (
    "model" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "uid" TEXT,
    "user_code" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "consumed_at" TIMESTAMPTZ(3),

    CONSTRAINT "oidc_payloads_pkey" PRIMARY KEY ("model","id")
);

-- CreateTable
CREATE TABLE "model_bank"."merchant_clocks" (
    "merchant_id" TEXT NOT NULL,
    "offset_ms" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchant_clocks_pkey" PRIMARY KEY ("merchant_id"),
    CONSTRAINT "merchant_clocks_offset_ms_check" CHECK ("offset_ms" >= 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "accounts_sort_code_account_number_key" ON "model_bank"."accounts"("sort_code", "account_number");

-- CreateIndex
CREATE UNIQUE INDEX "consents_grant_id_key" ON "model_bank"."consents"("grant_id");

-- CreateIndex
CREATE INDEX "consents_account_id_idx" ON "model_bank"."consents"("account_id");

-- CreateIndex
CREATE INDEX "domestic_vrps_consent_id_creation_date_time_idx" ON "model_bank"."domestic_vrps"("consent_id", "creation_date_time");

-- CreateIndex
CREATE INDEX "oidc_payloads_grant_id_idx" ON "model_bank"."oidc_payloads"("grant_id");

-- CreateIndex
CREATE INDEX "oidc_payloads_uid_idx" ON "model_bank"."oidc_payloads"("uid");

-- CreateIndex
CREATE INDEX "oidc_payloads_expires_at_idx" ON "model_bank"."oidc_payloads"("expires_at");

-- AddForeignKey
ALTER TABLE "model_bank"."consents" ADD CONSTRAINT "consents_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "model_bank"."accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "model_bank"."domestic_vrps" ADD CONSTRAINT "domestic_vrps_consent_id_fkey" FOREIGN KEY ("consent_id") REFERENCES "model_bank"."consents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "model_bank"."domestic_vrps" ADD CONSTRAINT "domestic_vrps_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "model_bank"."accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "model_bank"."payouts" ADD CONSTRAINT "payouts_creditor_account_id_fkey" FOREIGN KEY ("creditor_account_id") REFERENCES "model_bank"."accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A customer has one current account (switched accounts stay behind, pointing at their successor).
CREATE UNIQUE INDEX "accounts_current_per_customer" ON "model_bank"."accounts"("client_id", "customer_ref") WHERE "status" <> 'switched';

-- The expiry sweeper finds live consents whose validity has ended.
CREATE INDEX "consents_live_expires_at_idx" ON "model_bank"."consents"("expires_at") WHERE "status" IN ('AWAU', 'AUTH') AND "expires_at" IS NOT NULL;

-- Automatic settlement finds payments and payouts that fall due.
CREATE INDEX "domestic_vrps_settle_due_idx" ON "model_bank"."domestic_vrps"("settle_due_at") WHERE "status" = 'ACTC' AND "settle_due_at" IS NOT NULL;
CREATE INDEX "payouts_settle_due_idx" ON "model_bank"."payouts"("settle_due_at") WHERE "status" = 'ACTC' AND "settle_due_at" IS NOT NULL;

-- The notification sender takes what is due and undelivered.
CREATE INDEX "event_notifications_due_idx" ON "model_bank"."event_notifications"("next_attempt_at") WHERE "delivered_at" IS NULL;
