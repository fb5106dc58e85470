-- Payments a schedule's cycle created name it (schedule_id, a list filter), and may be retried by
-- the platform itself: auto_retries is how many automatic retries the schedule allows, and
-- next_retry_at when the next one is due (set when a retryable failure leaves retries and time).
ALTER TABLE "payment"."payments" ADD COLUMN "schedule_id" TEXT;
ALTER TABLE "payment"."payments" ADD COLUMN "auto_retries" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "payment"."payments" ADD COLUMN "next_retry_at" TIMESTAMPTZ(3);
ALTER TABLE "payment"."payments" ADD CONSTRAINT "payments_auto_retries_check" CHECK ("auto_retries" BETWEEN 0 AND 3);
ALTER TABLE "payment"."payments" ADD CONSTRAINT "payments_next_retry_check" CHECK ("next_retry_at" IS NULL OR "status" = 'failed');

CREATE INDEX "payments_merchant_id_schedule_id_created_at_id_idx" ON "payment"."payments"("merchant_id", "schedule_id", "created_at", "id") WHERE "schedule_id" IS NOT NULL;
-- The automatic retrier's work: failed payments by the time their retry is due.
CREATE INDEX "payments_next_retry_at_idx" ON "payment"."payments"("next_retry_at") WHERE "next_retry_at" IS NOT NULL;
