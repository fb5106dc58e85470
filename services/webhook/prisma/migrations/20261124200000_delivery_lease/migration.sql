-- The lease of a delivery whose attempt is in flight, on the wall clock: a sandbox merchant's
-- clock advance makes next_attempt_at due early, but the claim also waits for leased_until.
ALTER TABLE "webhook"."deliveries" ADD COLUMN "leased_until" TIMESTAMPTZ(3);
