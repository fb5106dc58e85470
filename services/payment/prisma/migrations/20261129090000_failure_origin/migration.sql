-- Who failed a payment: the customer's bank, or the platform itself (the bank could not be reached
-- after the connector's retries, or the mandate had no authorised consent to pay under). Only a
-- failed payment has one, and one without it reads as the bank's (failures recorded before were
-- all reported as the bank's).
ALTER TABLE "payment"."payments" ADD COLUMN "failure_origin" TEXT;
UPDATE "payment"."payments" SET "failure_origin" = 'bank' WHERE "failure_code" IS NOT NULL;
ALTER TABLE "payment"."payments" ADD CONSTRAINT "payments_failure_origin" CHECK (
  "failure_origin" IS NULL OR "failure_origin" IN ('bank', 'platform') AND "failure_code" IS NOT NULL
);
