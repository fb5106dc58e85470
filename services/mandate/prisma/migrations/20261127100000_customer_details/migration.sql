-- Customers become a public resource: the personal data a merchant gives (email, name, its own
-- reference, metadata), which can be erased, and the indexes of the customer list. Generated
-- with prisma migrate diff, plus the hand-written index, CHECKs and triggers below (Prisma's
-- schema language cannot express them).

-- AlterTable
ALTER TABLE "mandate"."customers" ADD COLUMN     "email" TEXT,
ADD COLUMN     "erased_at" TIMESTAMPTZ(3),
ADD COLUMN     "metadata" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "name" TEXT,
ADD COLUMN     "reference" TEXT;

-- CreateIndex
CREATE INDEX "customers_merchant_id_created_at_id_idx" ON "mandate"."customers"("merchant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "customers_merchant_id_reference_created_at_id_idx" ON "mandate"."customers"("merchant_id", "reference", "created_at", "id");

-- Hand-written: the list's email filter compares case-insensitively, in creation order.
CREATE INDEX "customers_merchant_id_lower_email_created_at_id_idx" ON "mandate"."customers"("merchant_id", lower("email"), "created_at", "id");

-- Hand-written: the limits the API documents, and an erased customer keeps no personal data.
ALTER TABLE "mandate"."customers"
  ADD CONSTRAINT "customers_email_check" CHECK (char_length("email") BETWEEN 1 AND 254),
  ADD CONSTRAINT "customers_name_check" CHECK (char_length("name") BETWEEN 1 AND 200),
  ADD CONSTRAINT "customers_reference_check" CHECK (char_length("reference") BETWEEN 1 AND 64),
  ADD CONSTRAINT "customers_metadata_check" CHECK (jsonb_typeof("metadata") = 'object'),
  ADD CONSTRAINT "customers_erased_check" CHECK (
    "erased_at" IS NULL OR ("email" IS NULL AND "name" IS NULL AND "reference" IS NULL AND "metadata" = '{}'::jsonb)
  );

-- Hand-written: a live mandate (pending_sca, active, suspended) and an erased customer never go
-- together, however an erase and a mandate create interleave. A mandate insert share-locks its
-- customer's row and is refused if the customer is erased. An erase (an update setting erased_at)
-- holds the row's lock before its trigger looks for live mandates, with a snapshot of its own. So
-- whichever takes the row first, the other waits for it to commit and then sees what it did.
-- An erased customer is final: no update of its row passes. Each refusal is a check_violation
-- naming a constraint, which the service turns into its API error.
-- The function bodies are E'' strings whose statement ends are written \073: prisma migrate deploy
-- splits a migration at every semicolon in its text, string and dollar quotes included.
CREATE FUNCTION "mandate".mandate_customer_not_erased() RETURNS trigger LANGUAGE plpgsql
  AS E'DECLARE erased timestamptz\073
BEGIN
  SELECT c.erased_at INTO erased FROM "mandate"."customers" c
   WHERE c.merchant_id = NEW.merchant_id AND c.id = NEW.customer_id FOR SHARE\073
  IF erased IS NOT NULL THEN
    RAISE EXCEPTION ''customer % was erased'', NEW.customer_id
      USING ERRCODE = ''check_violation'', CONSTRAINT = ''mandates_customer_not_erased'', TABLE = ''mandates''\073
  END IF\073
  RETURN NEW\073
END';

CREATE TRIGGER mandates_customer_not_erased BEFORE INSERT ON "mandate"."mandates"
  FOR EACH ROW EXECUTE FUNCTION "mandate".mandate_customer_not_erased();

CREATE FUNCTION "mandate".customer_erasure_rules() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN
  IF OLD.erased_at IS NOT NULL THEN
    RAISE EXCEPTION ''customer % was erased'', OLD.id
      USING ERRCODE = ''check_violation'', CONSTRAINT = ''customers_erased_final'', TABLE = ''customers''\073
  END IF\073
  IF NEW.erased_at IS NOT NULL AND EXISTS (
       SELECT 1 FROM "mandate"."mandates" m
        WHERE m.merchant_id = NEW.merchant_id AND m.customer_id = NEW.id AND m.status IN (''pending_sca'', ''active'', ''suspended'')) THEN
    RAISE EXCEPTION ''customer % has live mandates'', NEW.id
      USING ERRCODE = ''check_violation'', CONSTRAINT = ''customers_erased_without_live_mandates'', TABLE = ''customers''\073
  END IF\073
  RETURN NEW\073
END';

CREATE TRIGGER customers_erasure_rules BEFORE UPDATE ON "mandate"."customers"
  FOR EACH ROW EXECUTE FUNCTION "mandate".customer_erasure_rules();
