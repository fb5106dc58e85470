-- A hold whose create failed midway: until it is confirmed or released, a refund refused only
-- because of it is told to retry (503 service_unavailable), not that the payment is refunded.
ALTER TABLE "payment"."refund_allocations" ADD COLUMN     "uncertain_since" TIMESTAMPTZ(3);
