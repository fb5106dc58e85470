-- A merchant's throttle on one endpoint: at most rate_limit_per_second deliveries a second, spaced
-- evenly. rate_next_at is the earliest (wall clock) the next delivery may go. A delivery over the
-- limit reserves the slot it waits for in rate_slot_at, so it goes then without being overtaken.
ALTER TABLE "webhook"."endpoints"
  ADD COLUMN "rate_limit_per_second" INTEGER,
  ADD COLUMN "rate_next_at" TIMESTAMPTZ(3),
  ADD CONSTRAINT "endpoints_rate_limit_per_second_check" CHECK ("rate_limit_per_second" BETWEEN 1 AND 1000);
ALTER TABLE "webhook"."deliveries" ADD COLUMN "rate_slot_at" TIMESTAMPTZ(3);
