-- Mandate requests: a customer's consent journey at their bank, and the link from the mandate an
-- authorised request creates. The CHECKs, the expiry index and the mandate's foreign key are hand-written.

-- CreateTable
CREATE TABLE "mandate"."mandate_requests" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "maximum_amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "frequency" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "controls" JSONB,
    "creditor_account" JSONB NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "mandate_id" TEXT NOT NULL,
    "authorisation_url" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "mandate_requests_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "mandate"."mandates" ADD COLUMN "mandate_request_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "mandate_requests_mandate_id_key" ON "mandate"."mandate_requests"("mandate_id");
CREATE UNIQUE INDEX "mandate_requests_merchant_id_id_key" ON "mandate"."mandate_requests"("merchant_id", "id");
CREATE INDEX "mandate_requests_merchant_id_created_at_id_idx" ON "mandate"."mandate_requests"("merchant_id", "created_at", "id");
CREATE INDEX "mandate_requests_merchant_id_customer_id_created_at_id_idx" ON "mandate"."mandate_requests"("merchant_id", "customer_id", "created_at", "id");
CREATE INDEX "mandate_requests_merchant_id_status_created_at_id_idx" ON "mandate"."mandate_requests"("merchant_id", "status", "created_at", "id");
CREATE UNIQUE INDEX "mandates_mandate_request_id_key" ON "mandate"."mandates"("mandate_request_id");

-- AddForeignKey
ALTER TABLE "mandate"."mandate_requests" ADD CONSTRAINT "mandate_requests_merchant_id_customer_id_fkey" FOREIGN KEY ("merchant_id", "customer_id") REFERENCES "mandate"."customers"("merchant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: the journey's vocabulary and what each status implies. A request ends once: only
-- awaiting_authorisation has no ended_at, and an ended request never moves again (trigger below).
ALTER TABLE "mandate"."mandate_requests"
  ADD CONSTRAINT "mandate_requests_status_check" CHECK ("status" IN ('awaiting_authorisation', 'authorised', 'declined', 'expired', 'cancelled')),
  ADD CONSTRAINT "mandate_requests_ended_check" CHECK (("status" = 'awaiting_authorisation') = ("ended_at" IS NULL)),
  ADD CONSTRAINT "mandate_requests_frequency_check" CHECK ("frequency" IN ('daily', 'weekly', 'monthly', 'adhoc')),
  ADD CONSTRAINT "mandate_requests_maximum_amount_minor_check" CHECK ("maximum_amount_minor" > 0),
  ADD CONSTRAINT "mandate_requests_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  ADD CONSTRAINT "mandate_requests_expiry_check" CHECK ("expires_at" > "created_at"),
  ADD CONSTRAINT "mandate_requests_metadata_check" CHECK (jsonb_typeof("metadata") = 'object'),
  ADD CONSTRAINT "mandate_requests_mandate_id_check" CHECK ("mandate_id" LIKE 'MD%');

-- The function bodies are E'' strings whose statement ends are written \073: prisma migrate deploy
-- splits a migration at every semicolon in its text, string and dollar quotes included.
CREATE FUNCTION "mandate"."mandate_request_ends_once"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN
  IF OLD.status <> ''awaiting_authorisation'' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION ''mandate request % already ended %'', OLD.id, OLD.status
      USING ERRCODE = ''check_violation'', CONSTRAINT = ''mandate_requests_ended_final'', TABLE = ''mandate_requests''\073
  END IF\073
  IF OLD.authorisation_url IS NOT NULL AND NEW.authorisation_url IS DISTINCT FROM OLD.authorisation_url THEN
    RAISE EXCEPTION ''mandate request % was staged already'', OLD.id
      USING ERRCODE = ''check_violation'', CONSTRAINT = ''mandate_requests_staged_once'', TABLE = ''mandate_requests''\073
  END IF\073
  RETURN NEW\073
END';
CREATE TRIGGER "mandate_requests_ends_once" BEFORE UPDATE ON "mandate"."mandate_requests"
  FOR EACH ROW EXECUTE FUNCTION "mandate"."mandate_request_ends_once"();

-- Hand-written: a mandate made by a request is that request's reserved mandate, of the same
-- merchant and customer, and only once the request is authorised.
ALTER TABLE "mandate"."mandates" ADD CONSTRAINT "mandates_mandate_request_fkey"
  FOREIGN KEY ("mandate_request_id") REFERENCES "mandate"."mandate_requests"("id") ON DELETE RESTRICT;
CREATE FUNCTION "mandate"."mandate_of_authorised_request"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN
  IF NEW.mandate_request_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "mandate"."mandate_requests" r
     WHERE r.id = NEW.mandate_request_id AND r.status = ''authorised'' AND r.mandate_id = NEW.id
       AND r.merchant_id = NEW.merchant_id AND r.customer_id = NEW.customer_id) THEN
    RAISE EXCEPTION ''mandate % is not the reserved mandate of authorised request %'', NEW.id, NEW.mandate_request_id
      USING ERRCODE = ''check_violation'', CONSTRAINT = ''mandates_of_authorised_request'', TABLE = ''mandates''\073
  END IF\073
  RETURN NEW\073
END';
CREATE TRIGGER "mandates_of_authorised_request" BEFORE INSERT ON "mandate"."mandates"
  FOR EACH ROW EXECUTE FUNCTION "mandate"."mandate_of_authorised_request"();

-- Hand-written: the expiry sweeper scans only requests still waiting, soonest first.
CREATE INDEX "mandate_requests_awaiting_expires_at_idx" ON "mandate"."mandate_requests"("expires_at") WHERE "status" = 'awaiting_authorisation';
