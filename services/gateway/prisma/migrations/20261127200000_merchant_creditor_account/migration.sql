-- A merchant's creditor account: where the consents its customers give pay into.
ALTER TABLE "gateway"."merchants" ADD COLUMN "creditor_account_scheme" TEXT,
ADD COLUMN "creditor_account_id" TEXT,
ADD COLUMN "creditor_account_name" TEXT;

-- Hand-written: all three or none, within OB's lengths.
ALTER TABLE "gateway"."merchants" ADD CONSTRAINT "merchants_creditor_account_check" CHECK (
  ("creditor_account_scheme" IS NULL AND "creditor_account_id" IS NULL AND "creditor_account_name" IS NULL)
  OR (length("creditor_account_scheme") BETWEEN 1 AND 40 AND length("creditor_account_id") BETWEEN 1 AND 256
      AND length("creditor_account_name") BETWEEN 1 AND 350)
);
