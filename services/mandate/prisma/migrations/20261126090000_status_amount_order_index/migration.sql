-- A list filtered by status in amount order (`?status=active&order=amount_minor`). The
-- (merchant_id, maximum_amount_minor, …) index gives the order but must step over every mandate
-- of another status, and the (merchant_id, status, created_at, …) index finds the status but not
-- the order, so every mandate of that status was read and sorted for one page. This one gives both.
-- Status leads, not merchant_id: a read by id (merchant_id = $1 AND id = $2) planned while the
-- table is small and has no statistics (a new deployment, a connection's first generic plan, which
-- it then keeps) could otherwise pick this index, matching merchant_id and walking every entry of
-- the merchant for the id, instead of the (merchant_id, id) key.
CREATE INDEX "mandates_status_merchant_amount_idx" ON "mandate"."mandates"("status", "merchant_id", "maximum_amount_minor", "created_at", "id");
