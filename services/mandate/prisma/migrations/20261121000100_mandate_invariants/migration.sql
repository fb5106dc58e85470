-- Mandate invariants the database enforces, and the indexes the list filters and the sandbox
-- activation sweeper need. Generated with prisma migrate diff, plus the hand-written CHECKs and
-- partial index below (Prisma's schema language cannot express them).

-- DropForeignKey
ALTER TABLE "mandate"."mandates" DROP CONSTRAINT "mandates_customer_id_fkey";

-- DropIndex
DROP INDEX "mandate"."customers_merchant_id_id_idx";

-- DropIndex
DROP INDEX "mandate"."mandates_merchant_id_customer_id_created_at_idx";

-- CreateIndex
CREATE UNIQUE INDEX "customers_merchant_id_id_key" ON "mandate"."customers"("merchant_id", "id");

-- CreateIndex
CREATE INDEX "mandates_merchant_id_customer_id_created_at_id_idx" ON "mandate"."mandates"("merchant_id", "customer_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "mandates_merchant_id_status_created_at_id_idx" ON "mandate"."mandates"("merchant_id", "status", "created_at", "id");

-- AddForeignKey
ALTER TABLE "mandate"."mandates" ADD CONSTRAINT "mandates_merchant_id_customer_id_fkey" FOREIGN KEY ("merchant_id", "customer_id") REFERENCES "mandate"."customers"("merchant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Hand-written: the lifecycle's vocabulary and the facts each status implies.
ALTER TABLE "mandate"."mandates"
  ADD CONSTRAINT "mandates_status_check" CHECK ("status" IN ('pending_sca', 'active', 'revoked', 'suspended')),
  ADD CONSTRAINT "mandates_frequency_check" CHECK ("frequency" IN ('daily', 'weekly', 'monthly', 'adhoc')),
  ADD CONSTRAINT "mandates_maximum_amount_minor_check" CHECK ("maximum_amount_minor" > 0),
  ADD CONSTRAINT "mandates_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  ADD CONSTRAINT "mandates_revoked_check" CHECK (
    ("status" = 'revoked' AND "revoked_at" IS NOT NULL AND "revoked_by" IS NOT NULL AND "revoked_by" IN ('merchant', 'customer', 'bank'))
    OR ("status" <> 'revoked' AND "revoked_at" IS NULL AND "revoked_by" IS NULL)
  ),
  ADD CONSTRAINT "mandates_suspended_check" CHECK (("status" = 'suspended') = ("suspended_at" IS NOT NULL)),
  ADD CONSTRAINT "mandates_metadata_check" CHECK (jsonb_typeof("metadata") = 'object');

-- Hand-written: the sandbox activation sweeper scans only mandates still waiting, oldest first.
CREATE INDEX "mandates_pending_sca_created_at_idx" ON "mandate"."mandates"("created_at") WHERE "status" = 'pending_sca';
