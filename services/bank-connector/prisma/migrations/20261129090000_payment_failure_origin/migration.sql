-- Who failed a payment attempt: the bank (its answer refused it) or the platform (failed without
-- the bank's answer: unreachable after the retries, or no authorised consent to pay under).
-- Failures recorded before are the bank's, as they were reported.
ALTER TABLE "connector"."payments" ADD COLUMN "failure_origin" TEXT;
UPDATE "connector"."payments" SET "failure_origin" = 'bank' WHERE "failure_code" IS NOT NULL;
ALTER TABLE "connector"."payments" ADD CONSTRAINT "payments_failure_origin" CHECK ("failure_origin" IN ('bank', 'platform'));
