-- A mandate created directly with the merchant's account expects a consent at the bank, staged
-- after its row commits. The sandbox activation waits for that consent (authorisation_url set)
-- rather than activating the mandate as one that never had a consent.

-- AlterTable
ALTER TABLE "mandate"."mandates" ADD COLUMN "consent_expected" BOOLEAN NOT NULL DEFAULT false;
