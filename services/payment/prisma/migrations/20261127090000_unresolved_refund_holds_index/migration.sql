-- Hand-written: the refund service's sweeper asks for holds neither confirmed nor released, oldest
-- first. A create no longer records its request before the hold, so a hold whose create died
-- before recording anything is known only here. The index holds only unresolved allocations.
CREATE INDEX "refund_allocations_unresolved_idx" ON "payment"."refund_allocations"("created_at") WHERE "released_at" IS NULL AND "confirmed_at" IS NULL;
