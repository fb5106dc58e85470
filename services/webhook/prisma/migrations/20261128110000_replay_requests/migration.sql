-- CreateTable
CREATE TABLE "webhook"."replay_requests" (
    "id" BIGSERIAL NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "delivery_status" TEXT NOT NULL DEFAULT '',
    "endpoint_id" TEXT NOT NULL DEFAULT '',
    "created_from" TIMESTAMPTZ(3),
    "created_to" TIMESTAMPTZ(3),
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "event_count" INTEGER NOT NULL,
    "rearmed" INTEGER NOT NULL DEFAULT 0,
    "after_created_at" TIMESTAMPTZ(3),
    "after_id" TEXT,
    "leased_until" TIMESTAMPTZ(3),
    "done_at" TIMESTAMPTZ(3),

    CONSTRAINT "replay_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook"."replay_gates" (
    "merchant_id" TEXT NOT NULL,
    "last_accepted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "replay_gates_pkey" PRIMARY KEY ("merchant_id")
);

-- CreateIndex
CREATE INDEX "replay_requests_merchant_id_accepted_at_idx" ON "webhook"."replay_requests"("merchant_id", "accepted_at");


-- Hand-written: a request never re-arms more than it counted, and the replicas' runners find the
-- unfinished ones (few at any time) by a partial index.
ALTER TABLE "webhook"."replay_requests" ADD CONSTRAINT "replay_requests_rearmed_check" CHECK ("rearmed" >= 0 AND "rearmed" <= "event_count");
CREATE INDEX "replay_requests_unfinished_idx" ON "webhook"."replay_requests"("id") WHERE "done_at" IS NULL;
