-- Hand-written: release tombstones. A release that finds no allocation leaves a released row of
-- amount 0, so an allocation of the same refund id still in flight is refused when it commits
-- afterwards. Amount 0 is allowed only for released rows, every live allocation stays positive.
ALTER TABLE "payment"."refund_allocations" DROP CONSTRAINT "refund_allocations_amount_minor_check";

ALTER TABLE "payment"."refund_allocations"
  ADD CONSTRAINT "refund_allocations_amount_minor_check" CHECK ("amount_minor" > 0 OR ("amount_minor" = 0 AND "released_at" IS NOT NULL));
