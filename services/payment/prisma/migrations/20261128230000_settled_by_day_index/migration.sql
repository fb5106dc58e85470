-- The daily report sums settled payments by settlement date per merchant: this index answers it
-- without reading the table (its included columns are all the report needs).
CREATE INDEX "payments_settled_by_day_idx" ON "payment"."payments"("merchant_id", "settlement_date") INCLUDE ("currency", "amount_minor", "status") WHERE "settlement_date" IS NOT NULL;
