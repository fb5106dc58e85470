-- The lists' metadata[key]=value filters (metadata @> pairs) read this GIN index instead of
-- every mandate of the merchant.
CREATE INDEX "mandates_metadata_idx" ON "mandate"."mandates" USING GIN ("metadata" jsonb_path_ops);
