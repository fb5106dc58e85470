-- A refund's booking at the payment service is held first and confirmed once the refund has
-- committed (which writes payment.refunded). Until it is confirmed the refund is not sent to the
-- bank, and the recovery sweeper confirms refunds whose confirmation did not get through.
ALTER TABLE "refund"."refunds" ADD COLUMN "allocation_confirmed_at" TIMESTAMPTZ(3);
-- Refunds recorded before holds existed were booked for good at once.
UPDATE "refund"."refunds" SET "allocation_confirmed_at" = "created_at";
CREATE INDEX "refunds_unconfirmed_idx" ON "refund"."refunds" ("created_at") WHERE "allocation_confirmed_at" IS NULL;
