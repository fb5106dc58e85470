-- Finance: the remittance reference the payer's bank statement shows and the end-to-end
-- identification sent with every attempt, both list filters, and a GIN index that answers the
-- lists' metadata[key]=value filters (metadata @> pairs) without reading the merchant's payments.
-- Payments made before carry their id as end-to-end identification and a reference derived from it.
ALTER TABLE "payment"."payments" ADD COLUMN "reference" TEXT, ADD COLUMN "end_to_end_id" TEXT;
UPDATE "payment"."payments" SET "reference" = 'PM' || right("id", 16), "end_to_end_id" = "id";
ALTER TABLE "payment"."payments" ALTER COLUMN "reference" SET NOT NULL, ALTER COLUMN "end_to_end_id" SET NOT NULL;
ALTER TABLE "payment"."payments" ADD CONSTRAINT "payments_reference_format" CHECK ("reference" ~ '^[A-Za-z0-9 -]{1,18}$');
CREATE INDEX "payments_merchant_id_reference_created_at_id_idx" ON "payment"."payments"("merchant_id", "reference", "created_at", "id");
CREATE INDEX "payments_merchant_id_end_to_end_id_idx" ON "payment"."payments"("merchant_id", "end_to_end_id");
CREATE INDEX "payments_metadata_idx" ON "payment"."payments" USING GIN ("metadata" jsonb_path_ops);
