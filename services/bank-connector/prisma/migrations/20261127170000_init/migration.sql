-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "connector";

-- CreateTable
CREATE TABLE "connector"."consents" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "mandate_id" TEXT NOT NULL,
    "mandate_request_id" TEXT,
    "customer_id" TEXT NOT NULL,
    "bank_consent_id" TEXT,
    "bank_status" TEXT NOT NULL,
    "status_reason" TEXT,
    "journey" TEXT NOT NULL DEFAULT 'open',
    "request" JSONB NOT NULL,
    "initiation" JSONB NOT NULL,
    "debtor_account" JSONB,
    "currency" TEXT NOT NULL,
    "vrp_type" TEXT NOT NULL,
    "return_uri" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "link_token_hash" TEXT NOT NULL,
    "link_token_sealed" TEXT NOT NULL,
    "access_token_sealed" TEXT,
    "access_token_expires_at" TIMESTAMPTZ(3),
    "deleted_at_bank" TIMESTAMPTZ(3),
    "next_check_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connector"."authorisations" (
    "state_hash" TEXT NOT NULL,
    "consent_id" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "authorisations_pkey" PRIMARY KEY ("state_hash")
);

-- CreateTable
CREATE TABLE "connector"."payments" (
    "payment_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "mandate_id" TEXT NOT NULL,
    "consent_id" TEXT,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "end_to_end_id" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "instruction_id" TEXT NOT NULL,
    "bank_payment_id" TEXT,
    "bank_status" TEXT,
    "status_reason" TEXT,
    "stage" TEXT NOT NULL DEFAULT 'submitting',
    "failure_code" TEXT,
    "settlement_date" DATE,
    "refund_account" JSONB,
    "next_check_at" TIMESTAMPTZ(3),
    "checks" INTEGER NOT NULL DEFAULT 0,
    "server_errors" INTEGER NOT NULL DEFAULT 0,
    "reported_at" TIMESTAMPTZ(3),
    "settle_due_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("payment_id","attempt")
);

-- CreateTable
CREATE TABLE "connector"."refunds" (
    "refund_id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "creditor" JSONB NOT NULL,
    "bank_payout_id" TEXT,
    "bank_status" TEXT,
    "stage" TEXT NOT NULL DEFAULT 'submitting',
    "next_check_at" TIMESTAMPTZ(3),
    "checks" INTEGER NOT NULL DEFAULT 0,
    "server_errors" INTEGER NOT NULL DEFAULT 0,
    "reported_at" TIMESTAMPTZ(3),
    "settle_due_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("refund_id")
);

-- CreateTable
CREATE TABLE "connector"."seen_notifications" (
    "jti" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seen_notifications_pkey" PRIMARY KEY ("jti")
);

-- CreateTable
CREATE TABLE "connector"."mandate_reports" (
    "id" BIGSERIAL NOT NULL,
    "consent_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "mandate_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "revoked_by" TEXT,
    "reason" TEXT,
    "cause" TEXT NOT NULL,
    "next_check_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "checks" INTEGER NOT NULL DEFAULT 0,
    "reported_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mandate_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connector"."back_office_clocks" (
    "merchant_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "offset_ms" BIGINT NOT NULL,

    CONSTRAINT "back_office_clocks_pkey" PRIMARY KEY ("merchant_id","account_id")
);

-- CreateTable
CREATE TABLE "connector"."merchant_clocks" (
    "merchant_id" TEXT NOT NULL,
    "offset_ms" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchant_clocks_pkey" PRIMARY KEY ("merchant_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "consents_bank_consent_id_key" ON "connector"."consents"("bank_consent_id");

-- CreateIndex
CREATE UNIQUE INDEX "consents_link_token_hash_key" ON "connector"."consents"("link_token_hash");

-- CreateIndex
CREATE INDEX "consents_next_check_at_idx" ON "connector"."consents"("next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "consents_merchant_id_mandate_id_key" ON "connector"."consents"("merchant_id", "mandate_id");

-- CreateIndex
CREATE INDEX "authorisations_consent_id_idx" ON "connector"."authorisations"("consent_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_idempotency_key_key" ON "connector"."payments"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "payments_instruction_id_key" ON "connector"."payments"("instruction_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_bank_payment_id_key" ON "connector"."payments"("bank_payment_id");

-- CreateIndex
CREATE INDEX "payments_stage_next_check_at_idx" ON "connector"."payments"("stage", "next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_idempotency_key_key" ON "connector"."refunds"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_bank_payout_id_key" ON "connector"."refunds"("bank_payout_id");

-- CreateIndex
CREATE INDEX "refunds_stage_next_check_at_idx" ON "connector"."refunds"("stage", "next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "mandate_reports_consent_id_kind_cause_key" ON "connector"."mandate_reports"("consent_id", "kind", "cause");


-- Hand-written: every rule the service relies on, held by the database too.
ALTER TABLE "connector"."consents"
  ADD CONSTRAINT "consents_bank_status_check" CHECK ("bank_status" IN ('AWAU', 'AUTH', 'RJCT', 'CANC', 'EXPD')),
  ADD CONSTRAINT "consents_journey_check" CHECK ("journey" IN ('open', 'authorised', 'declined', 'expired', 'cancelled', 'failed')),
  -- An authorised journey always left the token payments are made with.
  ADD CONSTRAINT "consents_authorised_token_check" CHECK ("journey" <> 'authorised' OR "access_token_sealed" IS NOT NULL);

ALTER TABLE "connector"."payments"
  ADD CONSTRAINT "payments_stage_check" CHECK ("stage" IN ('submitting', 'pending', 'settled', 'failed')),
  ADD CONSTRAINT "payments_amount_check" CHECK ("amount_minor" > 0),
  ADD CONSTRAINT "payments_attempt_check" CHECK ("attempt" >= 0),
  ADD CONSTRAINT "payments_pending_check" CHECK ("stage" <> 'pending' OR "bank_payment_id" IS NOT NULL),
  ADD CONSTRAINT "payments_settled_check" CHECK ("stage" <> 'settled' OR ("settlement_date" IS NOT NULL AND "bank_payment_id" IS NOT NULL)),
  ADD CONSTRAINT "payments_failed_check" CHECK ("stage" <> 'failed' OR "failure_code" IS NOT NULL);

ALTER TABLE "connector"."refunds"
  ADD CONSTRAINT "refunds_stage_check" CHECK ("stage" IN ('submitting', 'pending', 'settled', 'failed')),
  ADD CONSTRAINT "refunds_amount_check" CHECK ("amount_minor" > 0),
  ADD CONSTRAINT "refunds_pending_check" CHECK ("stage" <> 'pending' OR "bank_payout_id" IS NOT NULL);

ALTER TABLE "connector"."mandate_reports"
  ADD CONSTRAINT "mandate_reports_kind_check" CHECK (("kind" = 'revoke' AND "revoked_by" IN ('customer', 'bank')) OR ("kind" = 'suspend' AND "revoked_by" IS NULL));

ALTER TABLE "connector"."merchant_clocks" ADD CONSTRAINT "merchant_clocks_offset_ms_check" CHECK ("offset_ms" >= 0);

-- Outcomes the platform has not acknowledged yet: the reporters read only these.
CREATE INDEX "payments_unreported_idx" ON "connector"."payments"("updated_at") WHERE "stage" IN ('settled', 'failed') AND "reported_at" IS NULL;
CREATE INDEX "refunds_unreported_idx" ON "connector"."refunds"("updated_at") WHERE "stage" IN ('settled', 'failed') AND "reported_at" IS NULL;
CREATE INDEX "mandate_reports_unreported_idx" ON "connector"."mandate_reports"("next_check_at") WHERE "reported_at" IS NULL;
-- Sandbox settlements not yet asked for.
CREATE INDEX "payments_settle_due_idx" ON "connector"."payments"("settle_due_at") WHERE "settle_due_at" IS NOT NULL;
CREATE INDEX "refunds_settle_due_idx" ON "connector"."refunds"("settle_due_at") WHERE "settle_due_at" IS NOT NULL;
