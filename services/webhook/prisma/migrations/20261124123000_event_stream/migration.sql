-- The merchant's event stream (GET /v1/webhook-events/stream): every event gets a position,
-- increasing per merchant in the order recordings commit, so a reader that resumes after a
-- position misses nothing and sees nothing twice.
-- AlterTable
ALTER TABLE "webhook"."events" ADD COLUMN     "stream_seq" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "webhook"."event_stream_heads" (
    "merchant_id" TEXT NOT NULL,
    "last_seq" BIGINT NOT NULL,

    CONSTRAINT "event_stream_heads_pkey" PRIMARY KEY ("merchant_id")
);

-- Hand-written: events recorded before this migration are numbered in the order they were recorded.
UPDATE "webhook"."events" AS e SET "stream_seq" = n.seq
  FROM (SELECT "id", row_number() OVER (PARTITION BY "merchant_id" ORDER BY "recorded_at", "id") AS seq FROM "webhook"."events") AS n
  WHERE e."id" = n."id";

INSERT INTO "webhook"."event_stream_heads" ("merchant_id", "last_seq")
  SELECT "merchant_id", max("stream_seq") FROM "webhook"."events" GROUP BY "merchant_id";

-- CreateIndex
CREATE UNIQUE INDEX "events_merchant_id_stream_seq_key" ON "webhook"."events"("merchant_id", "stream_seq");

-- Hand-written: each inserted event takes the next position of its merchant from the merchant's
-- head row. The row stays locked until the recording commits, so a merchant's positions become
-- visible in order (a higher one never commits before a lower one), and merchants do not wait for
-- each other. A recording skipped as a duplicate (ON CONFLICT DO NOTHING) leaves an unused
-- number, which readers never notice.
-- The function body is an E'' string whose statement ends are written \073: prisma migrate deploy
-- splits a migration at every semicolon in its text, string and dollar quotes included.
CREATE FUNCTION "webhook".assign_event_stream_seq() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN INSERT INTO webhook.event_stream_heads AS h (merchant_id, last_seq) VALUES (NEW.merchant_id, 1) ON CONFLICT (merchant_id) DO UPDATE SET last_seq = h.last_seq + 1 RETURNING h.last_seq INTO NEW.stream_seq\073 RETURN NEW\073 END';

CREATE TRIGGER events_stream_seq BEFORE INSERT ON "webhook"."events"
  FOR EACH ROW EXECUTE FUNCTION "webhook".assign_event_stream_seq();
