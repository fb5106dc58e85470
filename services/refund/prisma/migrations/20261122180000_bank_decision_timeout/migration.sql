-- When a refund was last handed to the bank. A refund the bank acknowledged but has not decided
-- for REFUND_BANK_DECISION_TIMEOUT is handed over again (the bank is idempotent per refund id):
-- a bank that restarted and forgot it still settles it.
ALTER TABLE "refund"."refunds" ADD COLUMN "bank_submitted_at" TIMESTAMPTZ(3);
UPDATE "refund"."refunds" SET "bank_submitted_at" = "created_at" WHERE "bank_reference" IS NOT NULL;
CREATE INDEX "refunds_pending_bank_idx" ON "refund"."refunds" ("bank_submitted_at") WHERE "status" = 'pending_settlement';
