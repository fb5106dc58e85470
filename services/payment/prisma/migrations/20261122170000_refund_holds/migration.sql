-- Two-phase refund booking. An allocation first holds its amount (amount_held_minor), which
-- counts against what is refundable but is not public, then is confirmed once its refund has
-- committed and only then moves into amount_refunded_minor (with payment.refunded). A hold
-- that is released leaves no trace in the payment or in its events.
ALTER TABLE "payment"."payments" ADD COLUMN "amount_held_minor" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "payment"."payments"
  ADD CONSTRAINT "payments_amount_held_check"
  CHECK ("amount_held_minor" >= 0 AND "amount_refunded_minor" + "amount_held_minor" <= "amount_minor");

ALTER TABLE "payment"."refund_allocations" ADD COLUMN "confirmed_at" TIMESTAMPTZ(3);
-- Allocations booked before holds existed went straight into amount_refunded: they are confirmed.
UPDATE "payment"."refund_allocations" SET "confirmed_at" = "created_at" WHERE "amount_minor" > 0;
