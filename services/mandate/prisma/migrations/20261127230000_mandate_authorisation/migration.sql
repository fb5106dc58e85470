-- A mandate created directly keeps the link that sends its customer to their bank to authorise
-- its consent (recorded once the consent is staged), for its answers while it is pending_sca.

-- AlterTable
ALTER TABLE "mandate"."mandates" ADD COLUMN "authorisation_url" TEXT,
ADD COLUMN "authorisation_expires_at" TIMESTAMPTZ(3);
