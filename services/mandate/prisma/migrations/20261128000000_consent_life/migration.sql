-- The consent's whole life: why a mandate was revoked or is suspended, and the expired status
-- (the controls' valid_to passed). Generated with prisma migrate diff, plus the hand-written
-- backfill, CHECKs and index below.

-- AlterTable
ALTER TABLE "mandate"."mandates" ADD COLUMN     "revocation_reason" TEXT,
ADD COLUMN     "suspension_reason" TEXT;

-- Hand-written: mandates moved before reasons were kept get the reason their move implies.
UPDATE "mandate"."mandates" SET "revocation_reason" = CASE WHEN "revoked_by" = 'merchant' THEN 'merchant_cancelled' ELSE 'consent_revoked_at_bank' END
 WHERE "status" = 'revoked';
UPDATE "mandate"."mandates" SET "suspension_reason" = 'risk_review' WHERE "status" = 'suspended';

-- Hand-written: expired joins the lifecycle, and each reason exists exactly while its status does.
ALTER TABLE "mandate"."mandates" DROP CONSTRAINT "mandates_status_check";
ALTER TABLE "mandate"."mandates"
  ADD CONSTRAINT "mandates_status_check" CHECK ("status" IN ('pending_sca', 'active', 'revoked', 'suspended', 'expired')),
  ADD CONSTRAINT "mandates_revocation_reason_check" CHECK (
    ("status" = 'revoked') = ("revocation_reason" IS NOT NULL)
    AND ("revocation_reason" IS NULL OR "revocation_reason" IN ('merchant_cancelled', 'consent_revoked_at_bank', 'payment_refused_consent_revoked'))
  ),
  ADD CONSTRAINT "mandates_suspension_reason_check" CHECK (
    ("status" = 'suspended') = ("suspension_reason" IS NOT NULL)
    AND ("suspension_reason" IS NULL OR "suspension_reason" IN ('account_closed', 'account_switched', 'account_blocked', 'risk_review'))
  );

-- Hand-written: the expiry sweeper scans only mandates that can still expire and have an end.
CREATE INDEX "mandates_valid_to_idx" ON "mandate"."mandates" ((("controls"->>'valid_to')::text))
  WHERE "status" IN ('pending_sca', 'active', 'suspended') AND "controls"->>'valid_to' IS NOT NULL;
