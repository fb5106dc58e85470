-- The refund timeline moves from a JSON column to a table shaped like the payment timeline.

-- CreateTable
CREATE TABLE "refund"."refund_timeline" (
    "seq" BIGSERIAL NOT NULL,
    "refund_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refund_timeline_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "refund_timeline_refund_id_seq_idx" ON "refund"."refund_timeline"("refund_id", "seq");

-- AddForeignKey
ALTER TABLE "refund"."refund_timeline" ADD CONSTRAINT "refund_timeline_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refund"."refunds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: only the refund statuses may be entered.
ALTER TABLE "refund"."refund_timeline"
  ADD CONSTRAINT "refund_timeline_status_check" CHECK ("status" IN ('pending_settlement', 'settled', 'failed'));

-- Backfill: every entry of every stored timeline, refunds oldest first and each in its own order.
INSERT INTO "refund"."refund_timeline" ("refund_id", "status", "at")
SELECT r."id", e.entry->>'status', (e.entry->>'at')::timestamptz
  FROM "refund"."refunds" r
 CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r."timeline"::jsonb) = 'array' THEN r."timeline"::jsonb ELSE '[]'::jsonb END) WITH ORDINALITY AS e(entry, ord)
 WHERE e.entry->>'status' IN ('pending_settlement', 'settled', 'failed')
 ORDER BY r."created_at", r."id", e.ord;

-- DropColumn
ALTER TABLE "refund"."refunds" DROP COLUMN "timeline";
