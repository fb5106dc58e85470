-- A merchant's mandate by id (every read and lifecycle move asks for id and merchant_id). With only
-- the primary key on id, a planner without statistics (a new table, or before ANALYZE) could pick
-- the (merchant_id, status, created_at, id) index instead and walk every index entry of the
-- merchant to find one id: 20 pages per read for a merchant of 2,000 mandates, growing with it.
-- Payments and customers have this key already.
CREATE UNIQUE INDEX "mandates_merchant_id_id_key" ON "mandate"."mandates"("merchant_id", "id");
