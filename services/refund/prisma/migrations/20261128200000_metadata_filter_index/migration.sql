-- The lists' metadata[key]=value filters (metadata @> pairs) read this GIN index instead of
-- every refund of the merchant.
CREATE INDEX "refunds_metadata_idx" ON "refund"."refunds" USING GIN ("metadata" jsonb_path_ops);
