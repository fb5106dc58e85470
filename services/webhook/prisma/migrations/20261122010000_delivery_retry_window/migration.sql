-- Start of the retry window of each delivery, set on creation and reset by a manual retry. A
-- delivery postponed (circuit open) past the end of its window is failed like one whose attempts are spent.
ALTER TABLE "webhook"."deliveries" ADD COLUMN "window_started_at" TIMESTAMPTZ(3);
UPDATE "webhook"."deliveries" SET "window_started_at" = "created_at";
ALTER TABLE "webhook"."deliveries" ALTER COLUMN "window_started_at" SET DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "webhook"."deliveries" ALTER COLUMN "window_started_at" SET NOT NULL;
