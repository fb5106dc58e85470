-- The id of the resource an event is about (its data's id: a mandate, payment, refund or schedule),
-- derived from the stored data so it can never disagree with it, and indexed for the merchant's
-- events list filtered by resource_id.
ALTER TABLE "webhook"."events" ADD COLUMN "resource_id" TEXT GENERATED ALWAYS AS ((data::jsonb) ->> 'id') STORED;
CREATE INDEX "events_merchant_id_resource_id_created_at_id_idx" ON "webhook"."events" ("merchant_id", "resource_id", "created_at", "id");
