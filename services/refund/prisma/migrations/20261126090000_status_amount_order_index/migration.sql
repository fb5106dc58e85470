-- A list filtered by status in amount order (`?status=settled&order=amount_minor`): without it,
-- every refund of that status was read and sorted for one page (see the mandate service's
-- migration of the same name).
-- Status leads, for the reason the mandate migration gives (a read by id must not pick it).
CREATE INDEX "refunds_status_merchant_amount_idx" ON "refund"."refunds"("status", "merchant_id", "amount_minor", "created_at", "id");
